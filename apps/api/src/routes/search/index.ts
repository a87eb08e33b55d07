// spec 1 §7 / spec 2 §7 Searches: POST /{recordType}/search?page&recordsPerPage with { conditions, joins }.
import {
  SEARCH_MAX_CONDITIONS,
  SEARCH_MAX_IN_VALUES,
  SEARCH_MAX_JOINS,
  SEARCH_MAX_NAME_LENGTH,
  SEARCH_MAX_PAGE,
  SEARCH_MAX_TEXT_LENGTH,
} from '@portal/domain/search-limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/auth.ts';
import { callerOf } from '../../services/search/caller.ts';
import { SEARCH_OPERATORS } from '../../services/search/conditions.ts';
import { RECORD_TYPES } from '../../services/search/registry.ts';
import {
  admitSearch,
  DEFAULT_RECORDS_PER_PAGE,
  MAX_RECORDS_PER_PAGE,
  requireRecordType,
  searchPageJson,
} from '../../services/search/search-records.ts';
import { errorResponses } from '../schemas.ts';

const searchParamsSchema = z.object({ recordType: z.string().min(1).max(64) });

// Bounds: docs/api-contract.md "Searches" (packages/domain search-limits.ts); beyond them a 400 names the field.
const searchQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(MAX_RECORDS_PER_PAGE).default(DEFAULT_RECORDS_PER_PAGE),
});

const searchConditionSchema = z.object({
  field: z.string().min(1).max(SEARCH_MAX_NAME_LENGTH),
  operator: z.enum(SEARCH_OPERATORS),
  value: z
    .unknown()
    .describe(
      `string, number, boolean, null (EQUALS/NOT_EQUALS) or a list of 1 to ${SEARCH_MAX_IN_VALUES} values (IN), per the field type; text at most ${SEARCH_MAX_TEXT_LENGTH} characters`,
    ),
});

// No body at all means no conditions and no joins.
const searchBodySchema = z
  .object({
    conditions: z.array(searchConditionSchema).max(SEARCH_MAX_CONDITIONS).default([]),
    joins: z.array(z.string().max(SEARCH_MAX_NAME_LENGTH)).max(SEARCH_MAX_JOINS).default([]),
  })
  .nullish();

export const searchPageSchema = z.object({
  records: z.array(z.record(z.string(), z.unknown())),
  totalPages: z.number().int(),
  totalRecords: z.number().int(),
  page: z.number().int(),
});

/** The end of each admitted search's turn (admitSearch), given back however the request ends. */
const turns = new WeakMap<FastifyRequest, () => void>();
const endTurn = async (request: FastifyRequest) => {
  turns.get(request)?.();
  turns.delete(request);
};

export default async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/:recordType/search',
    {
      schema: {
        tags: ['search'],
        description: `Record types (case-insensitive): ${Object.keys(RECORD_TYPES).join(', ')}. The caller's scope is always ANDed in. Record shapes: docs/api-contract.md "Searches".`,
        params: searchParamsSchema,
        querystring: searchQuerySchema,
        body: searchBodySchema,
        response: { 200: searchPageSchema, ...errorResponses },
      },
      // Fair use: the body of a caller's search is read only in their turn (after the auth hook named them).
      preParsing: async (request, reply, payload) => {
        const end = await admitSearch(app.ctx, callerOf(requireSession(request), { managers: true }));
        // Given back when the answer is done or the client goes (a closed connection fires no onResponse), or at
        // once when the client went while this search waited for its turn.
        if (request.raw.destroyed || reply.raw.destroyed) end();
        else {
          turns.set(request, end);
          reply.raw.once('close', end);
        }
        return payload;
      },
      onResponse: endTurn,
    },
    async (request, reply) => {
      const caller = callerOf(requireSession(request), { managers: true });
      const def = requireRecordType(request.params.recordType);
      const { conditions = [], joins = [] } = request.body ?? {};
      // The page arrives as JSON text built by the database (search-records.ts), of the shape the schema above
      // documents: Fastify sends a string with a JSON content type as it is (the type provider only knows objects).
      const body = await searchPageJson(app.ctx, caller, def, { conditions, joins, ...request.query });
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
}
