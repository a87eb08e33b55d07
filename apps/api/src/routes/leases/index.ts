// issue 23 "Leases": the console's lease calls (create, edit, end, invite the tenant, notes) and the invitee's public
// invitation calls. docs/api-contract.md "Leases (issue 23)".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../lib/audit.ts';
import type { VerifiedClaims } from '../../lib/jwt.ts';
import { requestOrigin } from '../../lib/link-token.ts';
import { bearerToken, requireSession } from '../../plugins/auth.ts';
import {
  acceptInvitation,
  getPublicInvitation,
  INVITATION_VALID_DAYS,
  inviteTenant,
  revokeInvitation,
} from '../../services/leases/invitations.ts';
import { getLeaseDetails, leaseProperties } from '../../services/leases/lease-records.ts';
import { addLeaseNote, listLeaseNotes } from '../../services/leases/notes.ts';
import { createLease, terminateLease, updateLease } from '../../services/leases/save-lease.ts';
import { consoleCallerOf } from '../../services/search/caller.ts';
import { errorResponses, idParams } from '../schemas.ts';
import { SIGNUP_RATE_LIMIT_DEFAULT } from '../signup/index.ts';
import {
  acceptAnswerSchema,
  acceptBodySchema,
  createLeaseBodySchema,
  invitationSchema,
  inviteAnswerSchema,
  inviteBodySchema,
  leaseDetailsSchema,
  noteBodySchema,
  noteSchema,
  publicInvitationSchema,
  terminateAnswerSchema,
  terminateLeaseBodySchema,
  tokenParams,
  updateLeaseBodySchema,
} from './schemas.ts';

const tags = ['leases'];
const roles =
  "Console: the admin (every company) or a manager (their company only: another company's lease answers 404); a " +
  'tenant 403; no token 401.';

export default async function leaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = app.ctx.config.signupRateLimit ?? SIGNUP_RATE_LIMIT_DEFAULT;
  const caller = (request: FastifyRequest) => consoleCallerOf(requireSession(request));

  app.post(
    '/property_lease/create',
    {
      schema: {
        tags,
        summary: 'Create a lease for a unit (no tenant until its invitation is accepted; 201)',
        description:
          `${roles} The property must be of the caller's company (else 404 on propertyId). Dates yyyy-mm-dd, endDate ` +
          "not before startDate; monthlyPaymentDueDay 1..31; charges 1..20 lines of the company's charge codes (the " +
          'default codes when it has none), each amount a decimal > 0 with at most 2 decimals, at most 100000; unit at ' +
          'most 20 characters. The lease is PENDING (origin INVITATION) with no tenant until its invitation is accepted.',
        body: createLeaseBodySchema,
        response: { 201: leaseDetailsSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createLease(app.ctx, caller(request), actorOf(request), request.body)),
  );

  app.get(
    '/property_lease/properties',
    {
      schema: {
        tags,
        summary: "The properties a lease can be created at (the manager's company's; every company's for the admin)",
        description: roles,
        response: {
          200: z.object({
            records: z.array(
              z.object({
                id: z.string(),
                propertyName: z.string(),
                city: z.string(),
                companyId: z.string(),
                companyName: z.string(),
                chargeCodes: z.array(z.object({ code: z.string(), name: z.string() })),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => leaseProperties(app.ctx.db, caller(request)),
  );

  app.get(
    '/property_lease/:id/details',
    {
      schema: {
        tags,
        summary: "The console's lease page: settings, tenant (null before the invitation is accepted), latest invitation",
        description: roles,
        params: idParams,
        response: { 200: leaseDetailsSchema, ...errorResponses },
      },
    },
    async (request) => getLeaseDetails(app.ctx.db, caller(request), request.params.id, app.ctx.now()),
  );

  app.patch(
    '/property_lease/:id/update',
    {
      schema: {
        tags,
        summary: "Change a lease's settings (only the fields given; audited from/to)",
        description:
          `${roles} The fields and rules of create, all optional. Charges posted already are never changed: the lines ` +
          'are what the monthly posting uses from now on. A TERMINATED lease answers 409 RM_ERROR_RECORD_LOCKED.',
        params: idParams,
        body: updateLeaseBodySchema,
        response: { 200: leaseDetailsSchema, ...errorResponses },
      },
    },
    async (request) => updateLease(app.ctx, caller(request), actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/property_lease/:id/terminate',
    {
      schema: {
        tags,
        summary: 'End a lease: TERMINATED with its end date; its autopay stops; open charges stay owed',
        description:
          `${roles} endDate not before the start date. The lease's autopay schedules become inactive and a live ` +
          'invitation is revoked. Open charges stay on the ledger as they are (answered as openCharges: count and ' +
          'balance) for the manager to settle by a credit; no new rent is posted. Already TERMINATED → 409.',
        params: idParams,
        body: terminateLeaseBodySchema,
        response: { 200: terminateAnswerSchema, ...errorResponses },
      },
    },
    async (request) => terminateLease(app.ctx, caller(request), actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/property_lease/:id/invite',
    {
      schema: {
        tags,
        summary: 'Invite the tenant: an e-mailed sign-up link to this lease (a previous live invitation is revoked)',
        description:
          `${roles} The link <origin>/invite/<token> is valid ${INVITATION_VALID_DAYS} days and answered to the caller ` +
          '(mailSent says whether the e-mail went out). A lease that has its tenant → 409 RM_ERROR_RECORD_ALREADY_EXIST; ' +
          "TERMINATED → 409 RM_ERROR_RECORD_LOCKED; a manager's or admin's e-mail → 400 on email.",
        params: idParams,
        body: inviteBodySchema,
        response: { 201: inviteAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await inviteTenant(app.ctx, caller(request), actorOf(request), request.params.id, request.body, requestOrigin(request)),
        ),
  );

  app.post(
    '/property_lease/:id/invite/revoke',
    {
      schema: {
        tags,
        summary: "Revoke the lease's live invitation (its link stops working); none → 404",
        description: roles,
        params: idParams,
        response: { 200: z.object({ invitation: invitationSchema }), ...errorResponses },
      },
    },
    async (request) => revokeInvitation(app.ctx, caller(request), actorOf(request), request.params.id),
  );

  app.get(
    '/property_lease/:id/notes',
    {
      schema: {
        tags,
        summary: "The manager's notes on a lease, newest first (never shown to the tenant)",
        description: roles,
        params: idParams,
        response: { 200: z.object({ records: z.array(noteSchema) }), ...errorResponses },
      },
    },
    async (request) => listLeaseNotes(app.ctx, caller(request), request.params.id),
  );

  app.post(
    '/property_lease/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add a note to a lease (1..4000 characters; 201)',
        description: roles,
        params: idParams,
        body: noteBodySchema,
        response: { 201: noteSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addLeaseNote(app.ctx, caller(request), actorOf(request), request.params.id, request.body.body)),
  );

  // The invitee's public calls, limited per address like sign-up (routes/signup).
  app.get(
    '/lease_invitation/:token',
    {
      config: {
        public: true,
        rateLimit: { max: limit.max * 6, timeWindow: limit.timeWindowMs, keyGenerator: (req) => `invitation|${req.ip}` },
      },
      schema: {
        tags,
        summary: 'What an invitation link offers: company, property, unit, start date, rent lines, invited e-mail',
        description:
          'Unknown, expired, revoked or used links all answer the same 404 RM_ERROR_RECORD_NOT_FOUND "This invitation ' +
          'link is no longer valid…" (en/fr).',
        params: tokenParams,
        response: { 200: publicInvitationSchema, ...errorResponses },
      },
    },
    async (request) => getPublicInvitation(app.ctx, request.params.token),
  );

  app.post(
    '/lease_invitation/:token/accept',
    {
      config: {
        public: true,
        rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: (req) => `invitation-accept|${req.ip}` },
      },
      schema: {
        tags,
        summary: 'Accept an invitation: a new account with the invited e-mail, or the signed-in tenant of that e-mail (201)',
        description:
          'Without a token: firstName, lastName (spec 2 §5 names), phone (required, a valid CA/US number, stored E.164), password (≥ 8 with a digit, an upper- and a ' +
          "lower-case letter) and confirmPassword; the e-mail is the invitation's. An account that already has that " +
          "e-mail must sign in first (409 RM_ERROR_RECORD_ALREADY_EXIST). With a tenant's token: that tenant's e-mail " +
          'must be the invited one (403 otherwise). The lease gets its tenant and becomes ACTIVE; of two accepts at ' +
          'once one wins, the other gets the invalid-link 404. Answers a token as sign-up does.',
        params: tokenParams,
        body: acceptBodySchema,
        response: { 201: acceptAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await optionalSession(app, request);
      const answer = await acceptInvitation(app.ctx, {
        token: request.params.token,
        session,
        body: request.body,
        meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
      });
      return reply.code(201).send(answer);
    },
  );
}

/** A public route's caller when a bearer token comes with it (it must then be a live session: else 401). */
async function optionalSession(app: FastifyInstance, request: FastifyRequest): Promise<VerifiedClaims | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await app.ctx.tokens.verify(token);
  const { row } = await app.ctx.sessions.check(claims.sid);
  if (row.userId !== claims.sessionRole.id) throw new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
  return claims;
}
