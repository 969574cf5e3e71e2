import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressFiles } from './compress-plugin.ts';

let root = '';
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('compressFiles', () => {
  it('writes brotli and gzip variants of text files, nested too, that decode to the file', async () => {
    root = mkdtempSync(join(tmpdir(), 'compress-'));
    mkdirSync(join(root, 'assets'));
    const script = 'export const greeting = "hello";\n'.repeat(200);
    writeFileSync(join(root, 'assets', 'entry-1a2b.js'), script);
    writeFileSync(join(root, 'index.html'), `<html><body>${'<p>portal</p>'.repeat(50)}</body></html>`);
    const written = await compressFiles(root);
    expect(written.map((item) => item.file).sort()).toEqual([join(root, 'assets', 'entry-1a2b.js'), join(root, 'index.html')]);
    const base = join(root, 'assets', 'entry-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${base}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${base}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${base}.br`).length).toBeLessThan(readFileSync(`${base}.gz`).length);
    expect(existsSync(join(root, 'index.html.br'))).toBe(true);
  });

  it('skips files that are not text, and variants that would save under 10%', async () => {
    root = mkdtempSync(join(tmpdir(), 'compress-'));
    writeFileSync(join(root, 'logo.png'), randomBytes(4096));
    // Random bytes: no encoding shrinks them.
    writeFileSync(join(root, 'noise.js'), randomBytes(4096));
    const [noise, ...others] = await compressFiles(root);
    expect(others).toEqual([]);
    expect(noise).toMatchObject({ file: join(root, 'noise.js'), br: undefined, gzip: undefined });
    expect(existsSync(join(root, 'noise.js.br'))).toBe(false);
    expect(existsSync(join(root, 'logo.png.gz'))).toBe(false);
  });
});
