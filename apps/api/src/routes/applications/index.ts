// Issue 11 (docs/api-contract.md "Lease applications (issue 11)"; spec 2 §2, §3, §4): the public application page and
// its property search, and the tenant's lease applications: new, get, list, save for later, submit (with the page's fee,
// charged once), delete. The search (POST /lease_application/search) is the generic one (routes/search).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import { getApplicationPage, searchPageProperties } from '../../services/applications/application-page.ts';
import { deleteApplication } from '../../services/applications/delete-application.ts';
import { newApplication } from '../../services/applications/new-application.ts';
import { getApplication, listCustomerApplications } from '../../services/applications/read-applications.ts';
import { saveApplicationForLater } from '../../services/applications/save-application.ts';
import { submitApplication } from '../../services/applications/submit-application.ts';
import { declinedSchema, optionalIdempotencyHeaders, sendOptionallyIdempotent } from '../payments/idempotent-route.ts';
import { errorEnvelopeSchema, errorResponses, idParams } from '../schemas.ts';
import {
  applicationPageSchema,
  customerParams,
  deletedAnswer,
  draftOfBody,
  leaseApplicationSchema,
  newApplicationQuery,
  pageNameParams,
  pagingQuery,
  propertyPageSchema,
  propertySearchBody,
  saveForLaterBody,
  submitBody,
  submitOfBody,
} from './schemas.ts';

const tags = ['applications'];

export default async function applicationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/lease_application_page/name/:name',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The application page template (no token needed): sections, custom fields, fee, screening flags',
        params: pageNameParams,
        response: { 200: applicationPageSchema, ...errorResponses },
      },
    },
    async (request) => getApplicationPage(app.ctx.db, request.params.name),
  );

  app.post(
    '/lease_application_page/name/:name/properties',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "The page company's properties matching a postal/zip code, name, street or city (no token needed)",
        description: 'Case, spaces and hyphens ignored; an empty value lists them all; by name.',
        params: pageNameParams,
        querystring: pagingQuery,
        body: propertySearchBody,
        response: { 200: propertyPageSchema, ...errorResponses },
      },
    },
    async (request) =>
      searchPageProperties(app.ctx.db, request.params.name, {
        searchValue: request.body?.searchValue,
        page: request.query.page,
        recordsPerPage: request.query.recordsPerPage,
      }),
  );

  app.get(
    '/lease_application/new',
    {
      schema: {
        tags,
        summary: "A NOT_STARTED application of the caller on the page (the caller's existing one for that page and property)",
        description:
          "Applicant fields filled from the customer. propertyId must be one of the page company's properties (400). " +
          'At most 20 open (NOT_STARTED / IN_PROGRESS) applications → 409 RM_ERROR_TOO_MANY_APPLICATIONS.',
        querystring: newApplicationQuery,
        response: { 200: leaseApplicationSchema, ...errorResponses },
      },
    },
    async (request) =>
      newApplication(app.ctx, {
        customerId: requireCustomer(request),
        actor: actorOf(request),
        pageName: request.query.pageName,
        propertyId: request.query.propertyId,
      }),
  );

  app.post(
    '/lease_application/saveforlater',
    {
      schema: {
        tags,
        summary: 'Save the draft fields of an open application (shapes checked, required-ness not)',
        description:
          'A field left out is kept, null clears it; lists and objects are replaced as a whole. NOT_STARTED becomes ' +
          'IN_PROGRESS. Submitted or decided → 409 RM_ERROR_APPLICATION_SUBMITTED. The record as answered may be sent ' +
          'back: its read-only fields (status, progress, fees, dates, joins…) are ignored; any other unknown key → 400 ' +
          'naming it.',
        body: saveForLaterBody,
        response: { 200: leaseApplicationSchema, ...errorResponses },
      },
    },
    async (request) =>
      saveApplicationForLater(app.ctx, {
        customerId: requireCustomer(request),
        actor: actorOf(request),
        body: draftOfBody(request.body),
      }),
  );

  app.post(
    '/lease_application/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submit an application: fields saved, every asked field checked, the fee charged once, screenings started',
        description:
          'Missing or invalid fields → 400 listing them all (fieldErrors by path, e.g. addresses.0.postalCode). With a ' +
          'fee: paymentMethodId of a saved card, bank account or wallet (others → 400 RM_ERROR_PAYMENT_METHOD_NOT_SUPPORTED); ' +
          'a refusal → 402 and the application stays IN_PROGRESS. A retry never charges twice (optional Idempotency-Key: ' +
          'the same answer). Already submitted → 409 RM_ERROR_APPLICATION_SUBMITTED. The record as answered may be sent ' +
          "back: its read-only fields are ignored, its id must be the path's (else 400 at id); any other key → 400 naming it.",
        headers: optionalIdempotencyHeaders,
        params: idParams,
        body: submitBody,
        response: { 200: leaseApplicationSchema, 402: declinedSchema, 422: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // issue 21 §1: the record of another application sent to this one's path is a client's mistake, named
      if (request.body.id !== undefined && request.body.id !== request.params.id)
        throw AppError.validation(
          [
            {
              field: 'id',
              errorCode: 'RM_ERROR_RECORD_VALIDATION',
              message: 'server.applications.otherId',
              fieldValue: request.body.id,
            },
          ],
          'server.applications.otherId',
        );
      return sendOptionallyIdempotent(
        app.ctx,
        request,
        reply,
        `lease_application_submit:${request.params.id}`,
        (caller) =>
          submitApplication(app.ctx, {
            customerId: caller.customerId,
            actor: actorOf(request),
            actedBy: caller.actedBy,
            idempotencyKey: caller.idempotencyKey,
            id: request.params.id,
            body: submitOfBody(request.body),
            log: request.log,
          }),
        // the application fee is charged at submit
        { movesMoney: true },
      );
    },
  );

  app.get(
    '/lease_application/customer/:customerId',
    {
      schema: {
        tags,
        summary: "The caller's lease applications, newest first (another customer's id → 404)",
        params: customerParams,
        response: { 200: z.object({ records: z.array(leaseApplicationSchema) }), ...errorResponses },
      },
    },
    async (request) => listCustomerApplications(app.ctx.db, requireCustomer(request), request.params.customerId),
  );

  app.get(
    '/lease_application/:id',
    {
      schema: {
        tags,
        summary: "One of the caller's lease applications (another tenant's → 404)",
        params: idParams,
        response: { 200: leaseApplicationSchema, ...errorResponses },
      },
    },
    async (request) => getApplication(app.ctx.db, requireCustomer(request), request.params.id),
  );

  app.delete(
    '/lease_application/:id/delete',
    {
      schema: {
        tags,
        summary: 'Delete an open application; hide a DECLINED or CANCELLED one',
        description: 'PENDING (under review) and APPROVED (already a lease) → 409 RM_ERROR_APPLICATION_LOCKED.',
        params: idParams,
        response: { 200: deletedAnswer, ...errorResponses },
      },
    },
    async (request) =>
      deleteApplication(app.ctx, { customerId: requireCustomer(request), actor: actorOf(request), id: request.params.id }),
  );
}
