// issue 23 "Properties" and the company's onboarding / application pages (docs/api-contract.md "Company settings and
// properties"): a manager's own company, the admin's any; a tenant 403; another company's ids 404.
import { customCardSchema } from '@portal/domain/api-shapes';
import { applicationCustomFieldSchema } from '@portal/domain/application-form';
import { APPLICATION_PAGE_MAX_CUSTOM_FIELDS } from '@portal/domain/company-pages';
import { boundedMoneySchema as boundedMoney } from '@portal/domain/money-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  createApplicationPage,
  createOnBoardingPage,
  listCompanyPages,
  updateApplicationPage,
  updateOnBoardingPage,
} from '../../services/properties/company-pages.ts';
import { createProperty, getProperty, listProperties, updateProperty } from '../../services/properties/properties.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { customCardBodySchema } from '../company/index.ts';
import { errorResponses, idParams } from '../schemas.ts';

const tags = ['properties'];
const flag = z.object({ enabled: z.boolean() }).strict().nullable();
const id = z.string().min(1).max(64);

const propertyFields = {
  propertyName: z.string().max(500),
  street1: z.string().max(500),
  street2: z.string().max(500).nullable(),
  city: z.string().max(500),
  province: z.string().max(16),
  country: z.string().max(8),
  postalCode: z.string().max(32),
  category: z.string().max(32),
  propertyIdentifier: z.string().max(500).nullable(),
  acceptedPaymentTypes: z.array(z.string().max(64)).max(30).nullable(),
  monevoIntegration: flag,
  paypalCreditIntegration: flag,
  insuranceIntegration: z.record(z.string().max(32), z.object({ enabled: z.boolean() }).strict()).nullable(),
  service_urcsi: flag,
  service_neofinancial: flag,
  payByTextEnabled: z.boolean(),
  customCard: customCardBodySchema.nullable(),
};
const propertyPatchSchema = z.object(propertyFields).partial().strict();
const propertyCreateSchema = z
  .object({ companyId: id.optional().describe("Admin only: the company (a manager's is their own)"), ...propertyFields })
  .partial()
  .strict();

const propertyRecordSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  propertyName: z.string(),
  street1: z.string(),
  street2: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  postalCode: z.string(),
  category: z.string(),
  propertyIdentifier: z.string().nullable(),
  acceptedPaymentTypes: z.array(z.string()).nullable(),
  monevoIntegration: flag,
  paypalCreditIntegration: flag,
  insuranceIntegration: z.record(z.string(), z.object({ enabled: z.boolean() })).nullable(),
  service_urcsi: flag,
  service_neofinancial: flag,
  payByTextEnabled: z.boolean(),
  customCard: customCardSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  leaseCount: z.number().int().optional(),
  activeLeaseCount: z.number().int().optional(),
});
const propertyListSchema = z.object({
  records: z.array(propertyRecordSchema),
  totalRecords: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
});
const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  recordsPerPage: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().max(100).optional(),
});

const pageName = z.string().max(200);
const onBoardingPageSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  autoApproval: z.boolean(),
  publicLink: z.string(),
  createdAt: z.string(),
});
const sectionsBody = z.record(z.string().max(16), z.record(z.string().max(64), z.boolean()));
const applicationPageFields = {
  name: pageName,
  sections: sectionsBody,
  customFields: z.array(applicationCustomFieldSchema).max(APPLICATION_PAGE_MAX_CUSTOM_FIELDS),
  applicationFeeAmount: boundedMoney,
  creditReportEnabled: z.boolean(),
  backgroundCheckEnabled: z.boolean(),
  identityVerificationEnabled: z.boolean(),
  incomeVerificationEnabled: z.boolean(),
};
const applicationPageSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  name: z.string(),
  sections: z.record(z.string(), z.record(z.string(), z.boolean())),
  customFields: z.array(applicationCustomFieldSchema),
  applicationFeeAmount: z.number(),
  creditReportEnabled: z.boolean(),
  backgroundCheckEnabled: z.boolean(),
  identityVerificationEnabled: z.boolean(),
  incomeVerificationEnabled: z.boolean(),
  publicLink: z.string(),
  createdAt: z.string(),
});

export default async function propertyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const caller = (request: Parameters<typeof requireSession>[0]) => consoleCallerOf(requireSession(request));
  /** The company a create names: a manager's own (a different one answers 404), the admin's named one. */
  const companyFor = (c: ReturnType<typeof caller>, named: string | undefined): string => {
    if (named) return named;
    if (c.role === 'manager') return c.companyId;
    throw AppError.onField('companyId', 'validation.requiredField');
  };

  app.post(
    '/property/create',
    {
      schema: {
        tags,
        summary: "Create a property of the caller's company (the admin names companyId)",
        body: propertyCreateSchema,
        response: { 200: propertyRecordSchema, ...errorResponses },
      },
    },
    async (request) => {
      const c = caller(request);
      const { companyId, ...input } = request.body;
      return createProperty(db, c, companyFor(c, companyId), input, actorOf(request));
    },
  );

  app.get(
    '/property/:id',
    {
      schema: {
        tags,
        summary: "A property of the caller's company, with its lease counts",
        params: idParams,
        response: { 200: propertyRecordSchema, ...errorResponses },
      },
    },
    async (request) => getProperty(db, caller(request), request.params.id),
  );

  app.patch(
    '/property/:id/update',
    {
      schema: {
        tags,
        summary: 'Change a property (the fields sent; the whole property checked again; changes audited)',
        params: idParams,
        body: propertyPatchSchema,
        response: { 200: propertyRecordSchema, ...errorResponses },
      },
    },
    async (request) => updateProperty(db, caller(request), request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/company/:id/property/list',
    {
      schema: {
        tags,
        summary:
          "The company's properties by name, paged on the server, with lease counts (search: name, city, street, identifier)",
        params: idParams,
        querystring: listQuery,
        response: { 200: propertyListSchema, ...errorResponses },
      },
    },
    async (request) => listProperties(db, caller(request), { companyId: request.params.id, ...request.query }),
  );

  app.get(
    '/company/:id/pages',
    {
      schema: {
        tags,
        summary: "The company's onboarding and lease application pages, with their public links",
        params: idParams,
        response: {
          200: z.object({
            onBoardingPages: z.array(onBoardingPageSchema),
            leaseApplicationPages: z.array(applicationPageSchema),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => listCompanyPages(db, caller(request), request.params.id),
  );

  app.post(
    '/on_boarding_page/create',
    {
      schema: {
        tags,
        summary: "Create an onboarding (self sign-up) page of the caller's company",
        body: z.object({ companyId: id.optional(), name: pageName, autoApproval: z.boolean().default(false) }).strict(),
        response: { 200: onBoardingPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const c = caller(request);
      const { companyId, ...input } = request.body;
      return createOnBoardingPage(db, c, companyFor(c, companyId), input, actorOf(request));
    },
  );

  app.patch(
    '/on_boarding_page/:id/update',
    {
      schema: {
        tags,
        summary: 'Change an onboarding page (name, autoApproval)',
        params: idParams,
        body: z.object({ name: pageName, autoApproval: z.boolean() }).partial().strict(),
        response: { 200: onBoardingPageSchema, ...errorResponses },
      },
    },
    async (request) => updateOnBoardingPage(db, caller(request), request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/lease_application_page/create',
    {
      schema: {
        tags,
        summary: "Create a lease application page of the caller's company",
        body: z
          .object({ companyId: id.optional(), ...applicationPageFields })
          .partial()
          .required({ name: true })
          .strict(),
        response: { 200: applicationPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const c = caller(request);
      const { companyId, ...input } = request.body;
      return createApplicationPage(db, c, companyFor(c, companyId), input, actorOf(request));
    },
  );

  app.patch(
    '/lease_application_page/:id/update',
    {
      schema: {
        tags,
        summary: 'Change a lease application page (name, sections, custom fields, fee, screening switches)',
        params: idParams,
        body: z.object(applicationPageFields).partial().strict(),
        response: { 200: applicationPageSchema, ...errorResponses },
      },
    },
    async (request) => updateApplicationPage(db, caller(request), request.params.id, request.body, actorOf(request)),
  );
}
