import { describe, expect, it } from 'vitest';
import { readScreens } from '../../engine/build/screens-plugin.ts';
import { decideGuard, LOGIN_PATH } from '../../domain/route-guards.ts';
import { guardContext, ROLES } from '../screens/matrix.ts';

/**
 * Who the shipped screens let in, decided by their guards as the portal decides them (the demo
 * users with a customer chosen). The browser tests check once that a refused route sends the
 * user to sign in (tests/e2e/shell.test.ts); which roles each of these screens refuses is checked
 * here, without a browser.
 */
const screens = new Map(readScreens('screens').map(({ definition }) => [definition.path, definition]));

function admitted(path: string): string[] {
  const screen = screens.get(path);
  if (!screen) throw new Error(`No screen at ${path}`);
  return ROLES.filter((role) => decideGuard(screen.guard, guardContext(role)).allow);
}

function refusal(path: string, role: (typeof ROLES)[number]) {
  return decideGuard(screens.get(path)!.guard, guardContext(role));
}

describe("the shipped screens' guards", () => {
  it('let only admins and payers into the three steps of the payment flow; a viewer is sent to sign in', () => {
    for (const path of ['/payment/due', '/payment/invoices', '/payment/confirm']) {
      expect(admitted(path), path).toEqual(['payer', 'admin', 'corporate']);
      expect(refusal(path, 'viewer'), path).toMatchObject({ allow: false, redirect: LOGIN_PATH });
    }
  });

  it('send a card viewer to sign in from the account overview and the program overview', () => {
    for (const path of ['/account/overview', '/account/program-overview']) {
      expect(refusal(path, 'cardviewer'), path).toMatchObject({ allow: false, redirect: LOGIN_PATH });
      expect(admitted(path), path).toEqual(expect.arrayContaining(['payer', 'admin', 'viewer', 'corporate']));
    }
  });
});
