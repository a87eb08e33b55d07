// spec 1 §7 / spec 2 §7: POST /create with a type-specific body; the body's `type` picks the creator (registry.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { answerLang } from '../../services/payment-methods/lang.ts';
import { findCustomerBasics } from '../../services/payment-methods/tenant-leases.ts';
import { errorEnvelopeSchema, errorResponses } from '../schemas.ts';
import { CREATORS, findCreator } from './registry.ts';

type Options = [(typeof CREATORS)[number]['body'], ...(typeof CREATORS)[number]['body'][]];

export default async function createRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bodies = CREATORS.map((c) => c.body) as Options;
  const answers = [...new Set(CREATORS.map((c) => c.response))];
  const answer = z.union(answers as [z.ZodType, z.ZodType, ...z.ZodType[]]);

  app.post(
    '/create',
    {
      schema: {
        tags: ['payment methods'],
        summary: 'Create a record of the type named by body.type',
        description: CREATORS.map((c) => `- \`${c.type}\`: ${c.summary}`).join('\n'),
        headers: z
          .object({ 'session-id': z.string().max(200).optional().describe('Device session id (TYPE_CREDIT_CARD)') })
          .loose(),
        body: z.discriminatedUnion('type', bodies),
        response: {
          200: answer.describe('An existing record answered instead of a new one'),
          201: answer,
          ...errorResponses,
          402: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const body = request.body as { type: string; userId?: string };
      // The body may name its owner: only the caller (another tenant's id answers like a missing one).
      if (body.userId && body.userId !== customerId)
        throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.customerNotFound');
      const creator = findCreator(body.type);
      if (!creator) throw AppError.validation([{ field: 'type', message: 'Unknown type' }]);
      const customer = await findCustomerBasics(app.ctx.db, customerId);
      const sessionHeader = request.headers['session-id'];
      const created = await creator.create(
        {
          ctx: app.ctx,
          customerId,
          actor: actorOf(request),
          lang: answerLang(request, customer.languageCode),
          deviceSessionId: typeof sessionHeader === 'string' ? sessionHeader : undefined,
        },
        body,
      );
      return reply.code(created.status).send(created.record);
    },
  );
}
