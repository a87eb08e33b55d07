// issue 23 "Company settings" (docs/api-contract.md "Company settings and properties"): a manager's own company, the
// admin's any; a tenant 403; another company's id 404.
import { customCardSchema, feeProfileRecordSchema } from '@portal/domain/api-shapes';
import { boundedMoneySchema as boundedMoney } from '@portal/domain/money-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { requireSession } from '../../plugins/auth.ts';
import { getCompanySettings, listConsoleCompanies, updateCompanySettings } from '../../services/company/company-settings.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { errorResponses, idParams } from '../schemas.ts';

const tags = ['company'];
const yesNo = z.enum(['YES', 'NO']);
const enabled = z.object({ enabled: z.boolean() }).strict();
const text = (max: number) => z.string().max(max).nullable().optional();

/** A custom card as written: English and French texts (issue 23), an https link, an image of the portal. */
export const customCardBodySchema = z
  .object({
    enabled: z.boolean(),
    cardTitle: text(200),
    cardText: text(1000),
    buttonCaption: text(200),
    cardTitleFr: text(200),
    cardTextFr: text(1000),
    buttonCaptionFr: text(200),
    buttonUrl: text(2048),
    imageUrl: text(512),
  })
  .strict();

export const companyPatchSchema = z
  .object({
    overpaymentAllowed: yesNo,
    manageBalance: yesNo,
    onlyPMPaymentAllowed: yesNo,
    chargeCodes: z.array(z.object({ code: z.string().max(200), name: z.string().max(200) }).strict()).max(200),
    displayChargeCodes: z.boolean(),
    enforceCustomAmount: z.boolean(),
    blockPartialPayments: z.boolean(),
    softMaximumPaymentAmount: boundedMoney.nullable(),
    acceptedPaymentTypes: z.array(z.string().max(64)).max(30),
    serviceCreditReporting: z.record(z.string().max(32), z.boolean()),
    insuranceIntegration: z.record(z.string().max(32), enabled).nullable(),
    microlendingEnabled: z.boolean(),
    customCard: customCardBodySchema.nullable(),
    conciergeEnabled: z.boolean(),
    neobankPromotionEnabled: z.boolean(),
    lateFeeAmount: boundedMoney.nullable(),
    lateFeeDays: z.int(),
    nsfFeeAmount: boundedMoney.nullable(),
    cardFeesPaidByCompany: z.boolean(),
  })
  .partial()
  .strict();

export const companySettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  parentId: z.string().nullable(),
  overpaymentAllowed: yesNo,
  manageBalance: yesNo,
  onlyPMPaymentAllowed: yesNo,
  chargeCodes: z.array(z.object({ code: z.string(), name: z.string() })),
  defaultChargeCodes: z.array(z.object({ code: z.string(), name: z.string() })),
  displayChargeCodes: z.boolean(),
  enforceCustomAmount: z.boolean(),
  blockPartialPayments: z.boolean(),
  softMaximumPaymentAmount: z.number().nullable(),
  acceptedPaymentTypes: z.array(z.string()),
  serviceCreditReporting: z.record(z.string(), z.boolean()),
  insuranceIntegration: z.record(z.string(), z.object({ enabled: z.boolean() })).nullable(),
  microlendingEnabled: z.boolean(),
  customCard: customCardSchema,
  conciergeEnabled: z.boolean(),
  neobankPromotionEnabled: z.boolean(),
  lateFeeAmount: z.number().nullable(),
  lateFeeDays: z.number(),
  nsfFeeAmount: z.number().nullable(),
  updatedAt: z.string(),
  cardFeesPaidByCompany: z.boolean().nullable(),
  feeSchedule: z.object({
    source: z.enum(['COMPANY', 'PLATFORM']),
    records: z.array(feeProfileRecordSchema),
  }),
});

export default async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/company/list',
    {
      schema: {
        tags,
        summary: 'The companies the caller may set: every company for the admin, their own for a manager',
        response: {
          200: z.object({ records: z.array(z.object({ id: z.string(), name: z.string(), country: z.string() })) }),
          ...errorResponses,
        },
      },
    },
    async (request) => listConsoleCompanies(db, consoleCallerOf(requireSession(request))),
  );

  app.get(
    '/company/:id',
    {
      schema: {
        tags,
        summary: "A company's settings and the fee schedule its tenants pay (manager: own company; admin: any)",
        params: idParams,
        response: { 200: companySettingsSchema, ...errorResponses },
      },
    },
    async (request) => getCompanySettings(db, consoleCallerOf(requireSession(request)), request.params.id),
  );

  app.patch(
    '/company/:id/update',
    {
      schema: {
        tags,
        summary: "Change a company's settings (only the fields sent; each change audited from/to)",
        params: idParams,
        body: companyPatchSchema,
        response: { 200: companySettingsSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateCompanySettings(db, consoleCallerOf(requireSession(request)), request.params.id, request.body, actorOf(request)),
  );
}
