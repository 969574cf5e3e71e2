/** Where the local identity provider is mounted (its own pages and endpoints, not the portal's API). */
export const LOCAL_IDP_PATH = '/idp';
