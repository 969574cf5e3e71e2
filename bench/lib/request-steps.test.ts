import { describe, expect, it } from 'vitest';
import { paintSteps, requestSteps, type TimedRequest } from './request-steps.ts';

const at = (path: string, startTime: number, responseEnd: number, more: Partial<TimedRequest> = {}): TimedRequest => ({
  name: `http://portal${path}`,
  startTime,
  responseEnd,
  ...more,
});

/** A server-rendered page: its stylesheet from the head, then, once the markup came, the logo and the code. */
const rendered = {
  document: at('/invoice-list/Billed', 0, 200),
  requests: [
    at('/assets/index.css', 20, 60, { initiatorType: 'link', renderBlocking: true }),
    at('/logos/demo.svg', 210, 230, { initiatorType: 'img' }),
    at('/assets/index.js', 240, 300, { initiatorType: 'link' }),
    at('/assets/TableWidget.js', 310, 350, { initiatorType: 'script' }),
  ],
};

describe('dependent request steps', () => {
  it('counts a request one step after the latest-finishing request that had answered before it started, an image aside', () => {
    const steps = requestSteps(rendered.document, rendered.requests).map(({ name, step }) => [new URL(name).pathname, step]);
    expect(steps).toEqual([
      ['/assets/index.css', 1],
      ['/logos/demo.svg', 1],
      ['/assets/index.js', 1],
      ['/assets/TableWidget.js', 2],
    ]);
  });

  it('counts the scripts a paint of rows rendered in the browser could have waited for', () => {
    expect(paintSteps(rendered, 400, { dataMarker: '/invoices?' }).step).toBe(2);
  });

  it('counts only what blocks rendering when the rows came in the markup', () => {
    const paint = paintSteps(rendered, 400, { dataMarker: '/invoices?', rowsFromMarkup: true });
    expect(paint).toEqual({ step: 1, chain: ['0:/invoice-list/Billed', '1:/assets/index.css'] });
  });

  it('counts nothing that answered after the paint', () => {
    expect(paintSteps(rendered, 305, { dataMarker: '/invoices?' }).step).toBe(1);
  });
});
