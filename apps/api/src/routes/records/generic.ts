// spec 2 §7 Generic (issue 24): PATCH /{recordType}/{id}[/update], DELETE /{recordType}/{id}[/delete] and
// GET /{recordType}/new run the record type's own specific call (services/records/record-operations.ts), so its input
// checks, ownership rules, audit and answer are the very same; an operation a type does not allow answers 400 naming
// it, an unknown type 404. Parametric: a static route of another area (e.g. DELETE /document/{id}/delete) is matched
// first by the router and never comes here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  type GenericOperation,
  isRefusal,
  recordOperationsOf,
  type SpecificCall,
} from '../../services/records/record-operations.ts';
import { callerOf } from '../../services/search/caller.ts';
import { RECORD_TYPES } from '../../services/search/registry.ts';
import { findRecord } from '../../services/search/search-records.ts';

/** Request headers the specific call reads (not the body's length or encoding: the body is passed as parsed). */
const FORWARDED_HEADERS = ['authorization', 'accept-language', 'idempotency-key', 'session-id', 'user-agent'] as const;
/** Answer headers passed back. */
const ANSWER_HEADERS = ['content-type', 'retry-after', 'content-disposition', 'cache-control'] as const;

const OPERATION_NAMES: Record<GenericOperation, string> = { get: 'GET', update: 'UPDATE', delete: 'DELETE', new: 'NEW' };

/** The specific call's path for this record: `{id}`, and a payment method's type for its delete path. */
async function pathOf(app: FastifyInstance, request: FastifyRequest, target: SpecificCall, name: string, id?: string) {
  let path = target.path;
  if (path.includes('{methodType}')) {
    // The delete path names the method's type: read within the caller's scope (another's id answers 404 here).
    const method = id ? await findRecord(app.ctx, callerOf(requireSession(request)), RECORD_TYPES[name], id) : null;
    if (!method) throw AppError.notFound();
    path = path.replace('{methodType}', String(method.type).replace(/^TYPE_/, ''));
  }
  if (id !== undefined) path = path.replace('{id}', encodeURIComponent(id));
  return path;
}

export async function runGeneric(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  operation: GenericOperation,
  segment: string,
  id?: string,
): Promise<FastifyReply> {
  const type = recordOperationsOf(segment);
  if (!type) {
    throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.records.unknownType', { values: { recordType: segment } });
  }
  const target = type.ops[operation];
  if (isRefusal(target)) {
    throw AppError.onField('recordType', target.refused, {
      values: { action: OPERATION_NAMES[operation], recordType: type.name },
      fieldValue: type.name,
    });
  }
  const path = await pathOf(app, request, target, type.name, id);
  const query = request.raw.url?.includes('?') ? request.raw.url.slice(request.raw.url.indexOf('?')) : '';
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const hasBody = request.body !== undefined && request.body !== null && target.method !== 'GET';
  const answer = await app.inject({
    method: target.method,
    url: `/api${path}${query}`,
    // The caller's address, not this server's: limits and records keyed by address see the real client.
    remoteAddress: request.ip,
    headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(hasBody ? { payload: JSON.stringify(request.body) } : {}),
  });
  for (const name of ANSWER_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  return reply.code(answer.statusCode).send(answer.rawPayload);
}
