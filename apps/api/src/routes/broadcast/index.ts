// spec 1 §2 Shell: broadcast messages shown as alert, warning or info.
import { broadcastMessagesSchema } from '@portal/domain/api-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/auth.ts';
import { findActiveBroadcastMessages } from '../../services/broadcast/find-broadcast-messages.ts';
import { errorResponses } from '../schemas.ts';

export default async function broadcastRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/broadcast/messages',
    {
      schema: {
        tags: ['broadcast'],
        summary: "Active broadcast messages for everyone or for the caller's companies",
        querystring: z.strictObject({}),
        response: { 200: broadcastMessagesSchema, ...errorResponses },
      },
    },
    async (request) => findActiveBroadcastMessages(app.ctx, requireSession(request)),
  );
}
