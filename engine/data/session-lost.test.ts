import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, onSessionLost } from './api-client.ts';

const answer = (status: number, code: string) =>
  vi.fn(async () => new Response(JSON.stringify({ errors: [{ status: String(status), code }] }), { status }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a request without a session is told to the session (issue 26 defect 3)', () => {
  it.each(['errors.auth.sessionExpired', 'errors.auth.notAuthenticated'])('a 401 %s calls the listeners', async (code) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', answer(401, code));
    const listener = vi.fn();
    const stop = onSessionLost(listener);
    await expect(api.get('/invoices')).rejects.toMatchObject({ status: 401, code });
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it.each([
    [401, 'errors.auth.passwordIncorrect'],
    [403, 'errors.request.forbidden'],
    [404, 'errors.invoices.notFound'],
  ])('a %i %s does not', async (status, code) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('document', { cookie: 'portal_csrf=token' });
    vi.stubGlobal('fetch', answer(status, code));
    const listener = vi.fn();
    const stop = onSessionLost(listener);
    await expect(api.post('/auth/reauth', {})).rejects.toMatchObject({ status, code });
    stop();
    expect(listener).not.toHaveBeenCalled();
  });
});
