import type { ApiAttributes } from '../../../engine/data/api-client.ts';

/**
 * A credit application as the studio's API answers it: the operator API's resource
 * (server/applications/application-resource.ts), so its type comes from the API document.
 */
export type StudioApplication = ApiAttributes<'/operator/credit-applications/{application_id}'>;
