// The payment modes' sandbox provider pages and endpoints (issue 8), under /api/sandbox like the sandbox store of cash
// slips: the paysafe cash barcode page and its store payment, the geoswift union pay page with Pay and Cancel, the
// split-pay partner's terms, and their script. They carry no bearer token: the unguessable page id is the credential.
import { readFileSync } from 'node:fs';
import { paymentResultSchema } from '@portal/domain/payment-shapes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  renderGeoswiftPage,
  renderInstalmentTermsPage,
  renderPaysafeCashPage,
} from '../../providers/sandbox-pages/payment-mode-pages.ts';
import { SANDBOX_PAGE_HEADERS, sandboxAssetHeaders } from '../../providers/sandbox-pages/render.ts';
import { pageLang } from '../../providers/sandbox-pages/texts.ts';
import { PAYSAFE_CASH, payPaysafeCashAtStore } from '../../services/payments/paysafe-cash.ts';
import { redirectPageView } from '../../services/payments/redirect-payment.ts';
import { settleUnionPayOrder, UNION_PAY } from '../../services/payments/union-pay.ts';
import { errorResponses } from '../schemas.ts';

const tags = ['sandbox'];
const pageParams = z.object({ pageId: z.string().regex(/^[A-Za-z0-9]{8,64}$/) });
const langQuery = z.object({ lang: z.string().max(10).optional() });
const script = readFileSync(new URL('../../providers/sandbox-pages/assets/payment-modes.js', import.meta.url));
const publicRoute = { public: true } as const;
const sandboxAnswer = { 200: paymentResultSchema, ...errorResponses };

export default async function modeSandboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.get('/sandbox/assets/payment-modes.js', { config: publicRoute, schema: { hide: true } }, async (_request, reply) =>
    reply.headers(sandboxAssetHeaders('text/javascript; charset=utf-8')).send(script),
  );

  // A page id that is not well formed shows the "not found" page like an unknown one (it is a page, not an API call).
  const pageIdOf = (value: string) => (/^[A-Za-z0-9]{8,64}$/.test(value) ? value : null);

  app.get(
    '/sandbox/paysafecash/:pageId',
    { config: publicRoute, schema: { hide: true, params: z.object({ pageId: z.string().max(200) }), querystring: langQuery } },
    async (request, reply) => {
      const pageId = pageIdOf(request.params.pageId);
      const found = pageId ? await redirectPageView(ctx, PAYSAFE_CASH, pageId) : null;
      const html = renderPaysafeCashPage({ lang: pageLang(request.query.lang), view: found?.view ?? null });
      return reply
        .code(found ? 200 : 404)
        .headers(SANDBOX_PAGE_HEADERS)
        .send(html);
    },
  );

  app.post(
    '/sandbox/paysafecash/:pageId/pay',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Sandbox store: the cash for a paysafe cash barcode was paid (COMPLETE; an expired barcode is refused)',
        params: pageParams,
        response: sandboxAnswer,
      },
    },
    async (request) => payPaysafeCashAtStore(ctx, request.params.pageId),
  );

  app.get(
    '/sandbox/geoswift/:pageId',
    { config: publicRoute, schema: { hide: true, params: z.object({ pageId: z.string().max(200) }), querystring: langQuery } },
    async (request, reply) => {
      const pageId = pageIdOf(request.params.pageId);
      const found = pageId ? await redirectPageView(ctx, UNION_PAY, pageId) : null;
      const html = renderGeoswiftPage({
        lang: pageLang(request.query.lang),
        view: found?.view ?? null,
        merchantName: found?.merchantName ?? '',
      });
      return reply
        .code(found ? 200 : 404)
        .headers(SANDBOX_PAGE_HEADERS)
        .send(html);
    },
  );

  for (const outcome of ['pay', 'cancel'] as const) {
    app.post(
      `/sandbox/geoswift/:pageId/${outcome}`,
      {
        config: publicRoute,
        schema: {
          tags,
          summary:
            outcome === 'pay'
              ? 'Sandbox geo provider: the tenant paid the union pay order (COMPLETE)'
              : 'Sandbox geo provider: the tenant cancelled the union pay order (FAILED, geoswift:…:… error text)',
          params: pageParams,
          response: sandboxAnswer,
        },
      },
      async (request) => settleUnionPayOrder(ctx, request.params.pageId, outcome),
    );
  }

  app.get(
    '/sandbox/installment-pay/terms',
    { config: publicRoute, schema: { hide: true, querystring: langQuery } },
    async (request, reply) =>
      reply.headers(SANDBOX_PAGE_HEADERS).send(renderInstalmentTermsPage({ lang: pageLang(request.query.lang) })),
  );
}
