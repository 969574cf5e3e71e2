import { describe, expect, it } from 'vitest';
import { SERVER_STYLE_ATTRIBUTE } from '../../common/server-render.ts';
import { markupUnderCsp } from './server-render.ts';

describe('markupUnderCsp', () => {
  it('moves style attributes into a nonce’d rule and React’s leading preload links into the head', () => {
    const { markup, head } = markupUnderCsp(
      '<link rel="preload" as="image" href="/logo.svg"/><div style="--gap:1rem;width:calc(2 * 3px)" class="a"><p style="font-family:&quot;A&quot;</style>">x</p></div>',
      'n0nce',
    );
    expect(markup).toBe(
      `<div ${SERVER_STYLE_ATTRIBUTE}="--gap:1rem;width:calc(2 * 3px)" class="a"><p ${SERVER_STYLE_ATTRIBUTE}="font-family:&quot;A&quot;</style>">x</p></div>`,
    );
    expect(head.startsWith('<link rel="preload" as="image" href="/logo.svg"/><style nonce="n0nce">')).toBe(true);
    expect(head).toContain(
      `[${SERVER_STYLE_ATTRIBUTE}="--gap:1rem;width:calc(2 * 3px)"]{--gap:1rem !important;width:calc(2 * 3px) !important}`,
    );
    // Nothing in a value closes the style element.
    expect(head.match(/<\/style>/g)).toHaveLength(1);
  });

  it('leaves markup without style attributes as it is', () => {
    expect(markupUnderCsp('<div class="a">x</div>', 'n')).toEqual({ markup: '<div class="a">x</div>', head: '' });
  });
});
