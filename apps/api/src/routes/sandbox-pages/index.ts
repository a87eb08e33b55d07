// The sandbox providers' own pages and endpoints, served outside /api (they stand for third-party sites): the
// bank-linking widget, the online wallet provider's approval page, their script and style, and the wallet validation
// url. They carry no bearer token: the signed token in each request names the tenant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WALLET_TYPES } from '@portal/domain/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requestLang } from '../../lib/i18n.ts';
import { sandboxMerchantId } from '../../providers/online-wallet/online-wallet.ts';
import { renderBankLinkPage } from '../../providers/sandbox-pages/bank-link-page.ts';
import { renderPayPalPage } from '../../providers/sandbox-pages/paypal-page.ts';
import { SANDBOX_ASSETS, SANDBOX_PAGE_HEADERS, sandboxAssetHeaders } from '../../providers/sandbox-pages/render.ts';
import { pageLang } from '../../providers/sandbox-pages/texts.ts';
import { createPayPalMethod } from '../../services/payment-methods/pay-pal.ts';
import { errorResponses } from '../schemas.ts';
import insurancePartnerPageRoutes from './insurance-partners.ts';

const assetsDir = fileURLToPath(new URL('../../providers/sandbox-pages/assets/', import.meta.url));
const ASSETS = [
  { url: SANDBOX_ASSETS.css, file: 'sandbox.css', type: 'text/css; charset=utf-8' },
  { url: SANDBOX_ASSETS.bankLinkJs, file: 'bank-link.js', type: 'text/javascript; charset=utf-8' },
  { url: SANDBOX_ASSETS.payPalJs, file: 'paypal.js', type: 'text/javascript; charset=utf-8' },
];
const tags = ['sandbox'];
const pageQuery = z.object({ token: z.string().max(4096).optional(), lang: z.string().max(10).optional() });
const MERCHANT_NAME = 'Tenant portal';

export default async function sandboxPageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // issue 22: the insurance quote partners' sites (quote, Buy, policy)
  await app.register(insurancePartnerPageRoutes);

  for (const asset of ASSETS) {
    const content = readFileSync(join(assetsDir, asset.file));
    app.get(asset.url, { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(sandboxAssetHeaders(asset.type)).send(content),
    );
  }

  app.get('/sandbox/bank-link', { schema: { hide: true, querystring: pageQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const claims = ctx.providers.bankLinking.verifyLinkToken(token);
    const html = renderBankLinkPage({
      lang: pageLang(request.query.lang),
      token,
      claims,
      institutions: claims ? ctx.providers.bankLinking.listInstitutions(claims.country) : [],
    });
    return reply.headers(SANDBOX_PAGE_HEADERS).send(html);
  });

  app.post(
    '/sandbox/bank-link/public-token',
    {
      schema: {
        tags,
        summary: 'The widget picked an account: its public token (loginId of POST /api/bank_account/createfromplaid)',
        body: z.object({ token: z.string().min(1).max(4096), accountId: z.string().min(1).max(200) }),
        response: {
          200: z.object({ publicToken: z.string(), accountId: z.string(), country: z.enum(['CA', 'US']) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const picked = await ctx.providers.bankLinking.createPublicToken(request.body.token, request.body.accountId);
      if (!picked) throw new AppError('RM_ERROR_RECORD_VALIDATION', 'server.paymentMethods.bankLinkInvalid');
      return { publicToken: picked.publicToken, accountId: request.body.accountId, country: picked.country };
    },
  );

  app.get('/sandbox/paypal/approve', { schema: { hide: true, querystring: pageQuery } }, async (request, reply) => {
    const token = request.query.token ?? '';
    const claims = ctx.providers.onlineWallet.verifyAgreement(token);
    const html = renderPayPalPage({
      lang: pageLang(request.query.lang),
      token,
      claims,
      merchantId: sandboxMerchantId(claims?.currency ?? 'CAD'),
      merchantName: MERCHANT_NAME,
    });
    return reply.headers(SANDBOX_PAGE_HEADERS).send(html);
  });

  app.post(
    '/sandbox/paypal/approve',
    {
      schema: {
        tags,
        summary: 'The tenant approved the agreement: the TYPE_PAY_PAL method is created (once per agreement)',
        body: z.object({ token: z.string().min(1).max(4096) }),
        response: { 200: z.object({ paymentMethodId: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const created = await createPayPalMethod(ctx, {
        token: request.body.token,
        customerId: null,
        actor: null,
        lang: requestLang(request),
      });
      return { paymentMethodId: created.record.id };
    },
  );

  app.post(
    '/sandbox/wallet/validate',
    {
      schema: {
        tags,
        summary: "The wallet's merchant validation (sandbox): whether a wallet token is genuine and unexpired",
        body: z.object({ walletToken: z.string().min(1).max(4096) }),
        response: {
          200: z.object({
            valid: z.boolean(),
            walletType: z.enum(WALLET_TYPES).nullable(),
            currency: z.enum(['CAD', 'USD']).nullable(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const verified = ctx.providers.wallet.verifyToken(request.body.walletToken);
      return { valid: !!verified, walletType: verified?.walletType ?? null, currency: verified?.currency ?? null };
    },
  );
}
