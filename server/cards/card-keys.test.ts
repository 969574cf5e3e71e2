import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CardKeyConfigError, keyFilePath, resolveCardKeys } from './card-keys.ts';
import { openPan, sealPan } from './pan-vault.ts';

/** Issue 22 item 3: card numbers are never sealed with a key from the repository. */
describe('resolveCardKeys', () => {
  const folders: string[] = [];
  const dataDirIn = () => {
    const folder = mkdtempSync(join(tmpdir(), 'card-keys-'));
    folders.push(folder);
    return join(folder, 'data');
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('refuses to start on PostgreSQL without CARD_ENCRYPTION_KEYS', () => {
    expect(() => resolveCardKeys({ keys: undefined, databaseUrl: 'postgres://db/portal', dataDir: './data' })).toThrow(CardKeyConfigError);
    expect(() => resolveCardKeys({ keys: ' ', databaseUrl: 'postgres://db/portal', dataDir: './data' })).toThrow(
      /CARD_ENCRYPTION_KEYS must be set/,
    );
  });

  it("takes the deployment's keys when given, on either database", () => {
    const keys = `k2:${Buffer.alloc(32, 2).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`;
    expect(resolveCardKeys({ keys, databaseUrl: 'postgres://db/portal', dataDir: './data' }).currentId).toBe('k2');
    expect(resolveCardKeys({ keys, databaseUrl: undefined, dataDir: dataDirIn() }).currentId).toBe('k2');
  });

  it('makes a random key for the embedded database on first start, beside its folder, readable by its owner only, and keeps it', () => {
    const dataDir = dataDirIn();
    const first = resolveCardKeys({ keys: undefined, databaseUrl: undefined, dataDir });
    const file = keyFilePath(dataDir);
    expect(file).toBe(`${dataDir}.card-keys`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = resolveCardKeys({ keys: undefined, databaseUrl: undefined, dataDir });
    expect(again.currentId).toBe(first.currentId);
    expect(openPan(sealPan('7083123456789012', first), again)).toBe('7083123456789012');
    // Another install gets another key.
    const other = resolveCardKeys({ keys: undefined, databaseUrl: undefined, dataDir: dataDirIn() });
    expect(other.keys.get(other.currentId)?.equals(first.keys.get(first.currentId) ?? Buffer.alloc(0))).toBe(false);
    expect(readFileSync(file, 'utf8')).not.toContain('not-secret');
  });

  it('takes a key file others could read back to 0600', () => {
    const dataDir = dataDirIn();
    writeFileSync(keyFilePath(dataDir), `k1:${Buffer.alloc(32, 7).toString('base64')}\n`, { mode: 0o644 });
    expect(resolveCardKeys({ keys: undefined, databaseUrl: undefined, dataDir }).currentId).toBe('k1');
    expect(statSync(keyFilePath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('gives an in-memory database a key of its own that no other process has', () => {
    const a = resolveCardKeys({ keys: undefined, databaseUrl: undefined, dataDir: 'memory://' });
    const b = resolveCardKeys({ keys: undefined, databaseUrl: undefined, dataDir: 'memory://' });
    expect(a.currentId).not.toBe(b.currentId);
  });
});
