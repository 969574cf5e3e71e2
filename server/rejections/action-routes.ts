import type { SchemaTypedApp } from '../http/typed-routes.ts';
import { ErrorCode, type ErrorCodeKey } from '../../domain/error-codes.ts';
import { CORRECTION_LIMITS } from '../../domain/rejections.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../auth/access.ts';
import { unprocessable } from '../http/errors.ts';
import { JSON_API } from '../http/jsonapi.ts';
import { documentSchema, idInteger, integer, responses, strictObject, text } from '../http/api-schema.ts';
import { rowsByIds } from './query.ts';
import { rejectionResource, rejectionResourceSchema, rejectionsDocument } from './resource.ts';
import { actOnRejections, finishedInTime } from './actions.ts';

const rejectionIds = { type: 'array', minItems: 1, maxItems: 200, uniqueItems: true, items: idInteger } as const;
const cancelBody = {
  type: 'object',
  additionalProperties: false,
  required: ['rejection_ids'],
  properties: { rejection_ids: rejectionIds },
} as const;

/** What a user may correct before resubmitting: the fields the rejection's reason concerns (domain/rejections.ts), and a comment. */
const resubmitBody = {
  type: 'object',
  additionalProperties: false,
  required: ['rejection_ids'],
  properties: {
    rejection_ids: rejectionIds,
    corrections: {
      type: 'object',
      additionalProperties: false,
      properties: {
        product: { type: 'string', minLength: 1, maxLength: CORRECTION_LIMITS.productMaxLength },
        odometer: { type: 'integer', minimum: 0, maximum: CORRECTION_LIMITS.odometerMax },
        driver_id: { type: 'string', minLength: 1, maxLength: CORRECTION_LIMITS.idMaxLength },
        vehicle_id: { type: 'string', minLength: 1, maxLength: CORRECTION_LIMITS.idMaxLength },
        comment: { type: 'string', maxLength: CORRECTION_LIMITS.commentMaxLength },
      },
    },
  },
} as const;

/** 202: resubmitted, still processing (spec §4), with the notice's code. */
const processingDocument = documentSchema(
  { type: 'array', items: rejectionResourceSchema },
  {
    meta: strictObject({ code: text, processing_rejection_ids: { type: 'array', items: integer } }),
  },
);

/** Cancelling and resubmitting rejections, all or nothing (spec §4). */
export function rejectionActionRoutes(app: SchemaTypedApp, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    '/rejections/cancel',
    {
      schema: { body: cancelBody, response: responses(rejectionsDocument, 'The rejections cancelled') },
      config: { access: { can: ['update', 'Rejection'] }, summary: 'Cancel active rejections (permanent)' },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await actOnRejections(deps, auth, request.tenant.id, 'cancel', request.body.rejection_ids);
      const rows = await rowsByIds(db, auth, request.tenant.id, request.body.rejection_ids);
      return reply.type(JSON_API).send({ data: rows.map(rejectionResource) });
    },
  );

  app.post(
    '/rejections/resubmit',
    {
      schema: {
        body: resubmitBody,
        response: {
          ...responses(rejectionsDocument, 'The rejections resubmitted'),
          ...responses(processingDocument, 'Resubmitted, still processing', 202),
        },
      },
      config: {
        access: { can: ['update', 'Rejection'] },
        summary: 'Resubmit active rejections, with optional corrections; 202 when processing outlasts the deadline',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const ids = request.body.rejection_ids;
      const jobId = await actOnRejections(deps, auth, request.tenant.id, 'resubmit', ids, request.body.corrections);
      const inTime = jobId !== undefined && (await finishedInTime(deps, jobId, request.log));
      const rows = await rowsByIds(db, auth, request.tenant.id, ids);
      const data = rows.map(rejectionResource);
      if (!inTime) {
        // spec §4: "a resubmit may time out while still processing, and then a notice says so"; a notification follows.
        return reply
          .status(202)
          .type(JSON_API)
          .send({
            data,
            meta: { code: ErrorCode.resubmitStillProcessing, processing_rejection_ids: rows.map((row) => row.rejection_id) },
          });
      }
      const failed = rows.filter((row) => row.resubmit_state === 'failed');
      if (failed[0]) {
        // The program refused them (spec §8 "Invoice not found", "No access to the invoice"): active again, to correct or cancel.
        throw unprocessable(
          failed[0].resubmit_error as ErrorCodeKey,
          { pointer: '/rejection_ids' },
          { rejection_ids: failed.map((row) => row.rejection_id) },
        );
      }
      return reply.type(JSON_API).send({ data });
    },
  );
}
