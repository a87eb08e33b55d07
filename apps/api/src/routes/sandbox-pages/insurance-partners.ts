// The sandbox insurance partners' sites (spec 2 §7 "Quote partners"), outside /api like a third party's: the quote page
// a quote's link opens, its Buy (the partner issues its policy number once and notifies the portal, which creates the
// tenant's partner policy once), and the policy page a partner policy links to. No bearer token: the quote's
// unguessable reference is the partner's own link.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requestLang } from '../../lib/i18n.ts';
import { sandboxPolicyPath } from '../../providers/insurance-partners/insurance-partners.ts';
import {
  PARTNER_PAGE_ASSETS,
  PORTAL_RETURN_URL,
  renderPartnerPolicyPage,
  renderPartnerQuotePage,
} from '../../providers/insurance-partners/partner-pages.ts';
import {
  buySandboxQuote,
  findSandboxPolicy,
  findSandboxQuote,
  partnerFromSegment,
} from '../../providers/insurance-partners/sandbox-site.ts';
import { SANDBOX_PAGE_HEADERS, sandboxAssetHeaders } from '../../providers/sandbox-pages/render.ts';
import { type PageLang, pageLang } from '../../providers/sandbox-pages/texts.ts';
import { recordPartnerPurchase } from '../../services/insurance/partner-purchase.ts';
import { errorResponses } from '../schemas.ts';

const assetsDir = fileURLToPath(new URL('../../providers/insurance-partners/assets/', import.meta.url));
const ASSETS = [
  { url: PARTNER_PAGE_ASSETS.css, file: 'insurance-partners.css', type: 'text/css; charset=utf-8' },
  { url: PARTNER_PAGE_ASSETS.js, file: 'insurance-partners.js', type: 'text/javascript; charset=utf-8' },
];
const partnerParam = z.string().max(20);
const quoteParams = z.object({ partner: partnerParam, ref: z.string().max(64) });
const pageQuery = z.object({ lang: z.string().max(10).optional() });

/** The page's language: ?lang=en|fr, else the browser's (Accept-Language). */
const langOf = (request: { query: { lang?: string }; headers: Record<string, unknown> }): PageLang =>
  request.query.lang ? pageLang(request.query.lang) : pageLang(requestLang(request as never));

const quoteNotFound = () => new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.insurancePartners.quoteNotFound');

export default async function insurancePartnerPageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  for (const asset of ASSETS) {
    const content = readFileSync(join(assetsDir, asset.file));
    app.get(asset.url, { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(sandboxAssetHeaders(asset.type)).send(content),
    );
  }

  app.get(
    '/sandbox/insurance/:partner/quote/:ref',
    { schema: { hide: true, params: quoteParams, querystring: pageQuery } },
    async (request, reply) => {
      const partner = partnerFromSegment(request.params.partner);
      const quote = partner ? await findSandboxQuote(ctx.db, partner, request.params.ref) : null;
      const lang = langOf(request);
      const html = renderPartnerQuotePage({
        lang,
        partner,
        quote,
        policyUrl: partner && quote?.policyNumber ? sandboxPolicyPath(partner, quote.policyNumber) : null,
      });
      return reply
        .code(quote ? 200 : 404)
        .headers(SANDBOX_PAGE_HEADERS)
        .send(html);
    },
  );

  app.post(
    '/sandbox/insurance/:partner/quote/:ref/buy',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          "Buy on the sandbox partner's page: the partner's policy number (issued once) and the tenant's partner policy (created once)",
        params: quoteParams,
        response: {
          200: z.object({ policyNumber: z.string(), policyUrl: z.string(), returnUrl: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const partner = partnerFromSegment(request.params.partner);
      if (!partner) throw quoteNotFound();
      const bought = await buySandboxQuote(ctx.db, partner, request.params.ref, ctx.now());
      if (!bought) throw quoteNotFound();
      // The partner's purchase notification: the portal records the tenant's policy (idempotent).
      await recordPartnerPurchase(ctx, {
        partner,
        partnerQuoteRef: bought.quote.id,
        policyNumber: bought.policyNumber,
        monthlyCents: bought.quote.monthlyCents,
      });
      return {
        policyNumber: bought.policyNumber,
        policyUrl: sandboxPolicyPath(partner, bought.policyNumber),
        returnUrl: PORTAL_RETURN_URL,
      };
    },
  );

  app.get(
    '/sandbox/insurance/:partner/policy/:number',
    { schema: { hide: true, params: z.object({ partner: partnerParam, number: z.string().max(40) }), querystring: pageQuery } },
    async (request, reply) => {
      const partner = partnerFromSegment(request.params.partner);
      const quote = partner ? await findSandboxPolicy(ctx.db, partner, request.params.number) : null;
      const html = renderPartnerPolicyPage({ lang: langOf(request), partner, quote });
      return reply
        .code(quote ? 200 : 404)
        .headers(SANDBOX_PAGE_HEADERS)
        .send(html);
    },
  );
}
