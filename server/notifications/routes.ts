import type { SchemaTypedApp } from '../http/typed-routes.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { JSON_API, resource } from '../http/jsonapi.ts';
import {
  fileResponses,
  idDigits,
  instant,
  nullableInstant,
  pagedDocument,
  resourceSchema,
  responses,
  strictObject,
  text,
  yesNo,
} from '../http/api-schema.ts';
import { listQuerystring, parseListQuery } from '../http/list-query.ts';
import { fetchPage } from '../http/paging.ts';
import { localeText } from '../i18n/locale-text.ts';
import { notFound } from '../http/errors.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import { publicAttachments, readAttachment } from './attachments.ts';
import { sendAttachment } from '../http/attachment.ts';

const notificationResource = resourceSchema(
  'notifications',
  strictObject({
    created_ts: instant,
    effective_ts: instant,
    expires_ts: nullableInstant,
    high_priority: yesNo,
    text_title: text,
    text_body: text,
    notification_links: { type: 'array', items: { type: 'object' } },
    notification_attachments: { type: 'array', items: { type: 'object' } },
  }),
);

const notificationList = {
  filters: [] as const,
  sorts: ['effective_ts'] as const,
  // Newest first: the notification centre shows the latest notice on top.
  defaultSort: [{ field: 'effective_ts', direction: 'desc' }] as const,
  defaultPageSize: 50,
};

const attachmentParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'index'],
  properties: { id: idDigits, index: { type: 'string', pattern: '^(0|[1-9][0-9]{0,2})$' } },
} as const;

/**
 * The notifications in effect that reach the caller: the tenant's, for the caller's user type, and
 * a customer-targeted notice for the selected customer; with none selected (program overview,
 * corporate users) for any of the user's customers. Never outside scope. The list and the
 * attachment download read through this one query, so a file is served exactly to who sees its notice.
 */
function visibleNotifications(db: Database, auth: AuthContext, tenantId: string, now: Date) {
  const audience =
    auth.session.customer_id && auth.customerIds.includes(auth.session.customer_id) ? [auth.session.customer_id] : [...auth.customerIds];
  return (
    db
      .selectFrom('notifications')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('buid_customer', 'is', null), eb('buid_customer', 'in', audience.length ? audience : [''])]))
      .where((eb) => eb.or([eb('user_type', 'is', null), eb('user_type', '=', auth.user.user_type)]))
      // A notice aimed at one user (migration 009: a resubmission that finished after its request) reaches only them.
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', auth.user.user_id)]))
      // Issue 14: a notice for one merchant (a dispute's merchant side) only reaches that merchant's users.
      .where((eb) =>
        eb.or([eb('buid_merchant', 'is', null), eb('buid_merchant', 'in', auth.merchantIds.length ? [...auth.merchantIds] : [''])]),
      )
      .where('effective_ts', '<=', now)
      .where((eb) => eb.or([eb('expires_ts', 'is', null), eb('expires_ts', '>', now)]))
  );
}

export function notificationRoutes(app: SchemaTypedApp, { db, clock }: AppDeps): void {
  app.get(
    '/ecaas/notifications',
    {
      schema: {
        querystring: listQuerystring(notificationList),
        response: responses(pagedDocument(notificationResource), 'Notifications, paged'),
      },
      config: {
        access: { can: ['read', 'Notification'] },
        summary: 'Notifications in effect for the caller (tenant, customer and user type targeting), newest first; paged',
      },
    },
    async (request, reply) => {
      // spec §6: card viewer is barred from the notification centre; the tenant's flag gates it too.
      const auth = authOf(request);
      const list = parseListQuery(request.query, notificationList);
      const query = visibleNotifications(db, auth, request.tenant.id, clock.now());
      const { rows, meta } = await fetchPage(query, list, { effective_ts: 'effective_ts' }, 'id');
      return reply.type(JSON_API).send({
        data: rows.map((row) =>
          resource('notifications', row.id, {
            created_ts: new Date(row.created_ts).toISOString(),
            effective_ts: new Date(row.effective_ts).toISOString(),
            expires_ts: row.expires_ts ? new Date(row.expires_ts).toISOString() : null,
            high_priority: row.high_priority ? 'Y' : 'N',
            // Notices the server wrote (AutoPay) carry a text key: shown in the reader's language.
            text_title: row.text_key ? localeText(auth.user.language, `${row.text_key}.title`, row.text_params) : row.text_title,
            text_body: row.text_key ? localeText(auth.user.language, `${row.text_key}.body`, row.text_params) : row.text_body,
            notification_links: row.notification_links,
            // Files the portal serves get its own URL (server/notifications/attachments.ts).
            notification_attachments: publicAttachments(row.id, row.notification_attachments),
          }),
        ),
        meta: { page: meta },
      });
    },
  );

  app.get(
    '/ecaas/notifications/:id/attachments/:index',
    {
      schema: { params: attachmentParams, response: fileResponses(['*/*'], "The attachment's bytes in its own media type") },
      config: {
        access: { can: ['read', 'Notification'] },
        summary:
          'An attachment the portal serves for a notification in effect for the caller; 404 when the caller does not see the notification',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const row = await visibleNotifications(db, auth, request.tenant.id, clock.now())
        .where('id', '=', Number(request.params.id))
        .executeTakeFirst();
      const file = row ? await readAttachment(row.notification_attachments, Number(request.params.index)) : null;
      if (!file) throw notFound();
      return sendAttachment(reply, file.fileName, file.contentType, file.content);
    },
  );
}
