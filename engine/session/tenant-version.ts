/**
 * Whether the server now serves another version of the tenant configuration than this page
 * booted with (a publish or rollback in the operator studio, issue 24), as the API's responses
 * say (common/tenant-version.ts). The first version seen is the page's.
 */
let booted: string | undefined;
let changed = false;

export function noteTenantVersion(version: string | null): void {
  if (!version) return;
  booted ??= version;
  if (version !== booted) changed = true;
}

export function tenantVersionChanged(): boolean {
  return changed;
}
