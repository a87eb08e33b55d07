// POST /api/text-messages/inbound: the text-message provider's webhook for replies (STOP / START), authenticated by
// the provider (providers/sms), not by a tenant's token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { SANDBOX_SMS_TOKEN_HEADER } from '../../providers/sms/sandbox-sms.ts';
import { handleInboundText } from '../../services/text-messages/handle-inbound-text.ts';
import { errorResponses } from '../schemas.ts';

const inboundBodySchema = z.object({
  from: z.string().min(1).max(32).describe('The sender, as the provider gives it (E.164 or a North American number)'),
  body: z.string().max(1600).describe('The text of the reply'),
  messageId: z.string().max(100).optional().describe("The provider's id of the message"),
});

export default async function textMessageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/text-messages/inbound',
    {
      config: { public: true },
      schema: {
        tags: ['text messages'],
        summary: 'Webhook of the text-message provider: a reply to one of our texts',
        description: `STOP (and STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, ARRET) mutes text messages for the customers of that mobile phone, with textMessageNotificationMutedBy CUSTOMER; START (UNSTOP, YES, SUBSCRIBE) turns them back on. Sandbox authentication: header ${SANDBOX_SMS_TOKEN_HEADER} with SMS_WEBHOOK_SECRET.`,
        security: [],
        body: inboundBodySchema,
        response: { 200: z.object({ result: z.enum(['MUTED', 'UNMUTED', 'IGNORED']) }), ...errorResponses },
      },
    },
    async (request) => {
      if (!app.ctx.sms.isGenuineInbound(request.headers)) {
        throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Unknown text-message provider');
      }
      return { result: await handleInboundText(app.ctx, request.body) };
    },
  );
}
