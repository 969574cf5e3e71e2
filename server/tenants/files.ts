import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tenant } from '../../domain/tenant.ts';
import { TenantConfigError, TenantDocumentError, validateTenantDocument } from './validate.ts';

/** A validated tenants/*.json and the hash of its bytes, which tells whether it changed since its last import. */
export interface TenantFile {
  file: string;
  tenant: Tenant;
  contentHash: string;
}

/** Reads and validates every tenants/*.json in name order; a bad file names the file and the JSON pointer. */
export function readTenantFiles(directory: string): TenantFile[] {
  const files: TenantFile[] = [];
  for (const name of readdirSync(directory)
    .filter((entry) => entry.endsWith('.json'))
    .sort()) {
    const file = join(directory, name);
    const content = readFileSync(file, 'utf8');
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch (error) {
      throw new TenantConfigError(`${file}: not valid JSON: ${(error as Error).message}`);
    }
    const tenant = validateTenantDocument(
      data,
      file,
      files.map((earlier) => earlier.tenant),
    );
    const twin = files.find((earlier) => earlier.tenant.id === tenant.id);
    if (twin) throw new TenantDocumentError(file, [`/id ${tenant.id} is also the id in ${twin.file}`]);
    files.push({ file, tenant, contentHash: createHash('sha256').update(content).digest('hex') });
  }
  return files;
}
