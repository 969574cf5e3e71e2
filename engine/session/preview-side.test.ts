import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageHints } from '../../common/route-hints.ts';

/**
 * Issue 24: a preview frame keeps the side its first address named, in memory for its calls and in
 * its own window.name for a page load from an address without it; every other page has none.
 */
async function frameAt(search: string, name = '') {
  const frame = { location: { search, href: `http://localhost/account/overview${search}` }, name };
  vi.stubGlobal('window', frame);
  vi.resetModules();
  return { frame, module: await import('./preview-side.ts') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the preview side of a frame', () => {
  it('is taken from the first address, sent as a header and kept for page loads', async () => {
    const { frame, module } = await frameAt('?previewSide=published');
    expect(module.previewSide()).toBe('published');
    expect(module.previewSideHeaders()).toEqual({ 'preview-side': 'published' });
    expect(module.withPreviewSide('/payment/due?x=1#top')).toBe('/payment/due?x=1&previewSide=published#top');
    // A reload of the same frame from an address that no longer names it keeps the side.
    const reloaded = await frameAt('', frame.name);
    expect(reloaded.module.previewSide()).toBe('published');
  });

  it('is none on an ordinary page, or for a value that names no side', async () => {
    for (const search of ['', '?previewSide=other']) {
      const { frame, module } = await frameAt(search, 'someone else');
      expect(module.previewSide()).toBeUndefined();
      expect(module.previewSideHeaders()).toEqual({});
      expect(module.withPreviewSide('/payment/due')).toBe('/payment/due');
      expect(frame.name).toBe('someone else');
    }
  });

  it("leaves the page's documents unused when they were read for another side", async () => {
    const hints = (previewSide?: PageHints['previewSide']): PageHints => ({
      namespaces: ['common'],
      documents: { config: { data: {} } },
      ...(previewSide ? { previewSide } : {}),
    });
    const read = async (search: string, page: PageHints) => {
      await frameAt(search);
      vi.stubGlobal('document', { getElementById: () => ({ textContent: JSON.stringify(page) }) });
      return (await import('./page-hints.ts')).bootHints();
    };
    expect((await read('?previewSide=published', hints('published'))).documents.config).toBeDefined();
    expect(await read('?previewSide=published', hints())).toEqual({ namespaces: ['common'], documents: {} });
    expect((await read('?previewSide=draft', hints('published'))).documents).toEqual({});
    expect((await read('', hints())).documents.config).toBeDefined();
  });
});
