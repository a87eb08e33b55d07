// GET /corporateUser/{id} (spec 1 §6: a separate user type with its own fetch; spec 1 §7): oneself, the admin behind a
// mimic session, or anyone for an admin. Everything else answers like a missing id. PATCH /corporateUser/{id}/update
// (issue 23): a corporate user sets their own console language (languageCode), audited.
import type { LanguageCode } from '@portal/domain/entities';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { corporateUsers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { SessionClaims } from '../../lib/jwt.ts';

export interface CorporateUserDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  type: string;
  /** The console's language (spec 1 §4: en or fr). */
  languageCode: LanguageCode;
}

const fields = {
  id: corporateUsers.id,
  firstName: corporateUsers.firstName,
  lastName: corporateUsers.lastName,
  email: corporateUsers.email,
  type: corporateUsers.type,
  languageCode: corporateUsers.languageCode,
};

// A stored code other than fr reads as en (spec 1 §4: "en or fr, else en").
const toDto = (u: Omit<CorporateUserDto, 'languageCode'> & { languageCode: string }): CorporateUserDto => ({
  ...u,
  languageCode: u.languageCode === 'fr' ? 'fr' : 'en',
});

export async function getCorporateUser(db: Executor, session: SessionClaims, id: string): Promise<CorporateUserDto> {
  const role = session.sessionRole;
  const allowed =
    role.type === 'TYPE_ADMIN' || (role.type !== 'TYPE_CUSTOMER' && role.id === id) || session.mimic?.adminId === id;
  if (!allowed) throw AppError.notFound('Corporate user');
  const [u] = await db.select(fields).from(corporateUsers).where(eq(corporateUsers.id, id)).limit(1);
  if (!u) throw AppError.notFound('Corporate user');
  return toDto(u);
}

/** A corporate user's own record only (not even the admin edits another's: 404); a mimic session is the tenant's. */
export async function updateCorporateUser(
  ctx: AppContext,
  input: { session: SessionClaims; id: string; patch: { languageCode?: LanguageCode }; actor: Actor },
): Promise<CorporateUserDto> {
  const role = input.session.sessionRole;
  if (role.type === 'TYPE_CUSTOMER' || role.id !== input.id) throw AppError.notFound('Corporate user');
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select(fields).from(corporateUsers).where(eq(corporateUsers.id, input.id)).for('update');
    if (!before) throw AppError.notFound('Corporate user');
    const next = input.patch.languageCode;
    if (next === undefined || next === before.languageCode) return toDto(before);
    await tx.update(corporateUsers).set({ languageCode: next }).where(eq(corporateUsers.id, input.id));
    await recordAudit(tx, {
      recordType: 'corporate_user',
      recordId: input.id,
      action: 'UPDATE',
      changes: { languageCode: { from: before.languageCode, to: next } },
      actor: input.actor,
    });
    return toDto({ ...before, languageCode: next });
  });
}
