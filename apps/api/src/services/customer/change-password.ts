// POST /changepassword (spec 1 §4 Password change, §5 password form, §8 Profile and password). Every other session of
// the user ends (issue 9): whoever held a stolen token or the old password is out; this session stays.
import { isPasswordComplex } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { corporateUsers, customers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { VerifiedClaims } from '../../lib/jwt.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { revokeAccountTokens } from '../account/tokens.ts';
import { ruleText } from './rule-messages.ts';

// spec 1 §8: the messages the password form shows for each answer
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'The current password you entered is wrong!';
export const PASSWORD_MISMATCH_MESSAGE = ruleText(MSG.passwordMismatch);
export const PASSWORD_COMPLEXITY_MESSAGE = ruleText(MSG.passwordComplexity);

export interface ChangePasswordInput {
  userId: string;
  password: string;
  newPassword: string;
  confirmNewPassword: string;
}

export async function changePassword(
  ctx: AppContext,
  session: VerifiedClaims,
  body: ChangePasswordInput,
  actor: Actor,
): Promise<{ result: 'SUCCESS' }> {
  // An admin acting as a tenant must not change the tenant's credentials.
  if (session.mimic) throw AppError.forbidden('The password cannot be changed while acting as a tenant');
  // Someone else's id answers like a missing one.
  if (body.userId !== session.sessionRole.id) throw AppError.notFound('User');
  if (body.newPassword !== body.confirmNewPassword) {
    throw new AppError('RM_ERROR_RECORD_VALIDATION', PASSWORD_MISMATCH_MESSAGE, {
      fieldErrors: [{ field: 'confirmNewPassword', errorCode: 'RM_ERROR_RECORD_VALIDATION', message: PASSWORD_MISMATCH_MESSAGE }],
    });
  }
  if (!isPasswordComplex(body.newPassword)) {
    throw new AppError('RM_ERROR_PASSWORD_COMPLEXITY', PASSWORD_COMPLEXITY_MESSAGE, {
      fieldErrors: [{ field: 'newPassword', errorCode: 'RM_ERROR_PASSWORD_COMPLEXITY', message: PASSWORD_COMPLEXITY_MESSAGE }],
    });
  }

  const isCustomer = session.sessionRole.type === 'TYPE_CUSTOMER';
  const table = isCustomer ? customers : corporateUsers;
  const [user] = await ctx.db
    .select({ id: table.id, passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.id, body.userId))
    .limit(1);
  if (!user) throw AppError.notFound('User');
  if (!(await verifyPassword(body.password, user.passwordHash))) {
    throw new AppError('RM_ERROR_INVALID_CREDENTIALS', CURRENT_PASSWORD_WRONG_MESSAGE, {
      fieldErrors: [{ field: 'password', errorCode: 'RM_ERROR_INVALID_CREDENTIALS', message: CURRENT_PASSWORD_WRONG_MESSAGE }],
    });
  }
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    if (isCustomer)
      await tx.update(customers).set({ passwordHash, updatedAt: ctx.now().toISOString() }).where(eq(customers.id, user.id));
    else await tx.update(corporateUsers).set({ passwordHash }).where(eq(corporateUsers.id, user.id));
    // No hashes in the trail: only that the password changed.
    await recordAudit(tx, {
      recordType: isCustomer ? 'customer' : 'corporate_user',
      recordId: user.id,
      action: 'PASSWORD_CHANGE',
      changes: { password: { from: '[hidden]', to: '[changed]' } },
      actor,
    });
    // issue 25: a reset link asked for before the change must not undo it.
    await revokeAccountTokens(tx, user.id, 'PASSWORD_RESET', ctx.now());
  });
  await ctx.sessions.revokeOthers(user.id, session.sessionRole.type, session.sid);
  return { result: 'SUCCESS' };
}
