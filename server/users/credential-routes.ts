import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode } from '../../domain/error-codes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { csvImportRoutes } from '../csv/routes.ts';
import { stringifyCsv } from '../csv/export.ts';
import { fileResponses } from '../http/api-schema.ts';
import { ApiError } from '../http/errors.ts';
import { CREDENTIAL_COLUMNS, credentialRecords, credentialsImport } from './credentials.ts';

/** spec "Manage user credentials" (issue 17): export, template, dry run and all-or-nothing import (server/csv). */
export function userCredentialRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/user-credentials/export',
    {
      schema: { response: fileResponses(['text/csv'], "The managed users as CSV, the import's columns (formula cells neutralised)") },
      config: {
        access: { can: ['read', 'User'] },
        summary: "Export the account's users as CSV (no passwords); 503 errors.credentials.exportError when it cannot be built",
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      let csv: string;
      try {
        csv = stringifyCsv(CREDENTIAL_COLUMNS, await credentialRecords(db, auth));
      } catch (error) {
        request.log.error({ err: error }, 'credentials export failed');
        throw new ApiError(503, ErrorCode.credentialsExportError);
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="user-credentials.csv"')
        .header('cache-control', 'private, no-store')
        .send(`\ufeff${csv}`);
    },
  );

  csvImportRoutes(app, db, {
    path: '/user-credentials',
    access: { can: ['create', 'User'] },
    what: 'user credentials (new users are invited by mail)',
    env: (request) => ({ auth: authOf(request), tenant: request.tenant, now: clock.now() }),
    definition: credentialsImport,
  });
}
