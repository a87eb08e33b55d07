// spec 2 §7 Generic: GET /{recordType}/{id} and GET /{recordType}/{id}/history for the caller's own records.
// Parametric on purpose: static routes of other areas (e.g. GET /customer/:id) take precedence in the router.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/auth.ts';
import { getRecord } from '../../services/records/get-record.ts';
import { getRecordHistory } from '../../services/records/get-record-history.ts';
import { callerOf } from '../../services/search/caller.ts';
import { RECORD_TYPES } from '../../services/search/registry.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['records'];
const recordParams = z.object({ recordType: z.string().min(1).max(64), id: z.string().min(1).max(64) });
const historyEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  changes: z.unknown(),
  actorId: z.string().nullable(),
  actorType: z.string().nullable(),
  createdAt: z.string(),
});
const typesText = `Record types (case-insensitive): ${Object.keys(RECORD_TYPES).join(', ')}; any other answers 404.`;

export default async function recordsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:recordType/:id',
    {
      schema: {
        tags,
        description: `The caller's own record, shaped as in its search. ${typesText}`,
        params: recordParams,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
      },
    },
    async (request) => getRecord(app.ctx, callerOf(requireSession(request)), request.params.recordType, request.params.id),
  );

  app.get(
    '/:recordType/:id/history',
    {
      schema: {
        tags,
        description: `The audit trail of a record the caller can see (also after its deletion), oldest first. ${typesText}`,
        params: recordParams,
        response: { 200: z.object({ records: z.array(historyEventSchema) }), ...errorResponses },
      },
    },
    async (request) => getRecordHistory(app.ctx, callerOf(requireSession(request)), request.params.recordType, request.params.id),
  );
}
