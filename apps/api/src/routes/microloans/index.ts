// The microloan partners' sandbox pages (issue 22, spec 2 §2 microlending, §9 microloan partners), under /api/sandbox
// like the payment modes' sandbox pages: public pages standing for the partners' sites, which the portal links out to.
import { readFileSync } from 'node:fs';
import { MICROLOAN_PARTNERS } from '@portal/domain/service-availability';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decideLoan,
  MICROLOANS_CSS,
  renderLoanDecisionPage,
  renderMicroloanPage,
  renderNeobankPage,
} from '../../providers/microloans/sandbox-pages.ts';
import { SANDBOX_PAGE_HEADERS, sandboxAssetHeaders } from '../../providers/sandbox-pages/render.ts';
import { pageLang } from '../../providers/sandbox-pages/texts.ts';

const css = readFileSync(new URL('../../providers/microloans/microloans.css', import.meta.url));
const publicRoute = { public: true } as const;
const langQuery = z.object({ lang: z.string().max(10).optional() });
// The loan form submits to its own page (GET): the sandbox pages' policy, with form-action 'self' for that form.
const PAGE_HEADERS = {
  ...SANDBOX_PAGE_HEADERS,
  'content-security-policy': SANDBOX_PAGE_HEADERS['content-security-policy'].replace("form-action 'none'", "form-action 'self'"),
};

export default async function microloanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(MICROLOANS_CSS.slice('/api'.length), { config: publicRoute, schema: { hide: true } }, async (_request, reply) =>
    reply.headers(sandboxAssetHeaders('text/css; charset=utf-8')).send(css),
  );

  app.get(
    '/sandbox/microloans/:partner',
    {
      config: publicRoute,
      schema: { hide: true, params: z.object({ partner: z.enum(MICROLOAN_PARTNERS) }), querystring: langQuery },
    },
    async (request, reply) =>
      reply
        .headers(PAGE_HEADERS)
        .send(renderMicroloanPage({ lang: pageLang(request.query.lang), partner: request.params.partner })),
  );

  // spec 2 §2: the neobank promotion banner's card sign-up page (its 40-dollar offer, §9).
  app.get('/sandbox/neobank', { config: publicRoute, schema: { hide: true, querystring: langQuery } }, async (request, reply) =>
    reply.headers(PAGE_HEADERS).send(renderNeobankPage({ lang: pageLang(request.query.lang), offerCents: 40_00 })),
  );

  app.get(
    '/sandbox/microloans/MONEVO/decision',
    {
      config: publicRoute,
      schema: {
        hide: true,
        querystring: langQuery.extend({
          amount: z.string().max(20).optional(),
          term: z.string().max(5).optional(),
          purpose: z.string().max(20).optional(),
        }),
      },
    },
    async (request, reply) => {
      const lang = pageLang(request.query.lang);
      const decision = decideLoan(request.query, lang);
      return reply
        .code(decision.outcome === 'INVALID' ? 400 : 200)
        .headers(PAGE_HEADERS)
        .send(renderLoanDecisionPage({ lang, decision }));
    },
  );
}
