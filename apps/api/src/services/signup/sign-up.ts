// spec 2 §5 "Sign-up" / spec 1 §4 "Sign-up form" (issue 11): a person without an account signs up from an onboarding or
// lease-application link (POST /signup), and gets a session like a sign-in; GET /signup/email_exists; POST /signup/origin
// when a signed-in customer follows another link.

import type { OriginType } from '@portal/domain/entities';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { corporateUsers, customers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { VerifiedClaims } from '../../lib/jwt.ts';
import { hashPassword } from '../../lib/password.ts';
import { sendVerificationLink } from '../account/email-verification.ts';
import { claimsForCustomer, refreshToken, startSession } from '../auth/sign-in.ts';
import { companyOfPage, PAGE_NOT_FOUND } from './pages.ts';

/** The body after route validation: names and e-mail trimmed, phone in E.164. */
export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string;
  languageCode: 'en' | 'fr';
  pageName: string;
  originType: OriginType;
}

export const EMAIL_TAKEN = () =>
  AppError.onField('email', 'server.signup.emailTaken', { errorCode: 'RM_ERROR_RECORD_ALREADY_EXIST' });

/** Whether a customer or a corporate user already signs in with that e-mail (case-insensitive). */
export async function emailExists(db: Executor, email: string): Promise<boolean> {
  const lower = email.trim().toLowerCase();
  const result = (await db.execute(sql`
    SELECT 1 AS one FROM ${customers} WHERE lower(${customers.email}) = ${lower}
    UNION ALL
    SELECT 1 FROM ${corporateUsers} WHERE lower(${corporateUsers.email}) = ${lower}
    LIMIT 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** A unique-index violation (SQLSTATE 23505), from PGlite or node-postgres, possibly wrapped by drizzle. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * POST /signup: the customer (country of the page's company, its page and origin type, terms not accepted), then a
 * session and token as GET /authorize gives. Unknown page → 404; e-mail taken → 409 (the unique index on lower(email)
 * settles two sign-ups racing with one e-mail).
 */
export async function signUp(
  ctx: AppContext,
  input: SignUpInput,
  meta: { ip: string; userAgent?: string | null; origin?: string },
): Promise<string> {
  const company = await companyOfPage(ctx.db, input.originType, input.pageName);
  if (!company) throw PAGE_NOT_FOUND();
  if (await emailExists(ctx.db, input.email)) throw EMAIL_TAKEN();
  const passwordHash = await hashPassword(input.password);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customers)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          languageCode: input.languageCode,
          country: company.country,
          signupPage: input.pageName,
          originType: input.originType,
          acknowledgedTerms: false,
        })
        .returning({ id: customers.id });
      await recordAudit(tx, {
        recordType: 'customer',
        recordId: row.id,
        action: 'CREATE',
        changes: { signupPage: input.pageName, originType: input.originType, country: company.country },
        actor: { id: row.id, type: 'TYPE_CUSTOMER' },
      });
      // issue 25: the address is proven by a link; the tenant uses the portal meanwhile (no receipts by e-mail yet).
      await sendVerificationLink(
        ctx,
        tx,
        { id: row.id, email: input.email, firstName: input.firstName, languageCode: input.languageCode },
        input.email,
        { origin: meta.origin, ip: meta.ip },
      );
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw EMAIL_TAKEN();
    throw err;
  }
  ctx.mailer?.wake();
  const claims = await claimsForCustomer(ctx, id);
  if (!claims) throw AppError.notFound('Customer');
  return startSession(ctx, claims, meta);
}

/**
 * POST /signup/origin: a signed-in customer followed another onboarding or application link; the customer's page and
 * origin type change and the session's token is issued again with them.
 */
export async function changeOrigin(
  ctx: AppContext,
  input: { session: VerifiedClaims; customerId: string; actor: Actor; pageName: string; originType: OriginType },
): Promise<string> {
  const company = await companyOfPage(ctx.db, input.originType, input.pageName);
  if (!company) throw PAGE_NOT_FOUND();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ signupPage: customers.signupPage, originType: customers.originType })
      .from(customers)
      .where(eq(customers.id, input.customerId))
      .for('update');
    if (!before) throw AppError.notFound('Customer');
    if (before.signupPage === input.pageName && before.originType === input.originType) return;
    await tx
      .update(customers)
      .set({ signupPage: input.pageName, originType: input.originType, updatedAt: ctx.now().toISOString() })
      .where(eq(customers.id, input.customerId));
    await recordAudit(tx, {
      recordType: 'customer',
      recordId: input.customerId,
      action: 'UPDATE',
      changes: {
        signupPage: { from: before.signupPage, to: input.pageName },
        originType: { from: before.originType, to: input.originType },
      },
      actor: input.actor,
    });
  });
  return refreshToken(ctx, input.session, false);
}
