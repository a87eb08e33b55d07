// spec 2 §7 Generic: GET /{recordType}/{id} and GET /{recordType}/{id}/history for the caller's own records; issue 24:
// GET /recordtypes, PATCH /{recordType}/{id}[/update], DELETE /{recordType}/{id}[/delete], GET /{recordType}/new.
// Parametric on purpose: static routes of other areas (e.g. GET /customer/:id) take precedence in the router.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/auth.ts';
import { getRecord } from '../../services/records/get-record.ts';
import { getRecordHistory } from '../../services/records/get-record-history.ts';
import { listRecordTypes, RECORD_OPERATIONS } from '../../services/records/record-operations.ts';
import { callerOf, consoleCallerOf } from '../../services/search/caller.ts';
import { RECORD_TYPES } from '../../services/search/registry.ts';
import { errorResponses } from '../schemas.ts';
import { runGeneric } from './generic.ts';

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
const genericText = `The record type's own call (GET /recordtypes: operations.*.call), with its checks, ownership rules, audit and answer; an operation the type does not allow → 400 naming recordType (operations.*.instead names the call to use); an unknown type → 404. Types: ${Object.keys(RECORD_OPERATIONS).join(', ')}.`;
const genericParams = z.object({ recordType: z.string().min(1).max(64), id: z.string().min(1).max(64) });
const specificCallSchema = z.object({ method: z.string(), path: z.string() });
const recordTypeSchema = z.object({
  name: z.string(),
  searchable: z.boolean(),
  fields: z.array(z.object({ name: z.string(), type: z.string(), operators: z.array(z.string()) })),
  joins: z.array(z.string()),
  operations: z.record(
    z.enum(['get', 'update', 'delete', 'new']),
    z.object({ allowed: z.boolean(), call: specificCallSchema.nullable(), instead: specificCallSchema.nullable() }),
  ),
});
/** The specific call's answer is passed on as it is (its own schema documents it). */
const passedOn = { 200: z.unknown(), 201: z.unknown(), 204: z.unknown(), ...errorResponses };

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

  app.get(
    '/recordtypes',
    {
      schema: {
        tags,
        summary: 'The record types the generic calls accept, their searchable fields and joins, and what each generic call does',
        description: 'Admin and manager; a tenant 403.',
        response: { 200: z.object({ records: z.array(recordTypeSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      consoleCallerOf(requireSession(request));
      return listRecordTypes();
    },
  );

  for (const url of ['/:recordType/:id', '/:recordType/:id/update']) {
    app.patch(
      url,
      { schema: { tags, summary: 'Generic update', description: genericText, params: genericParams, response: passedOn } },
      async (request, reply) => runGeneric(app, request, reply, 'update', request.params.recordType, request.params.id),
    );
  }
  for (const url of ['/:recordType/:id', '/:recordType/:id/delete']) {
    app.delete(
      url,
      { schema: { tags, summary: 'Generic delete', description: genericText, params: genericParams, response: passedOn } },
      async (request, reply) => runGeneric(app, request, reply, 'delete', request.params.recordType, request.params.id),
    );
  }
  app.get(
    '/:recordType/new',
    {
      schema: {
        tags,
        summary: 'Generic new: a blank record of the type, from its own call',
        description: genericText,
        params: z.object({ recordType: z.string().min(1).max(64) }),
        response: passedOn,
      },
    },
    async (request, reply) => runGeneric(app, request, reply, 'new', request.params.recordType),
  );
}
