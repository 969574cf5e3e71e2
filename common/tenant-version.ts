/**
 * The response header naming the version of the tenant configuration a request was served with
 * (issue 24): an open portal that sees it change reloads on its next navigation, since its
 * screens, texts and policy were built from the configuration it booted with.
 */
export const TENANT_VERSION_HEADER = 'tenant-version';
