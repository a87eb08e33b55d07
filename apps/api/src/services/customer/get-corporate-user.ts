// GET /corporateUser/{id} (spec 1 §6: a separate user type with its own fetch): oneself, the admin behind a
// mimic session, or anyone for an admin. Everything else answers like a missing id.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { corporateUsers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionClaims } from '../../lib/jwt.ts';

export interface CorporateUserDto {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  type: string;
}

export async function getCorporateUser(db: Executor, session: SessionClaims, id: string): Promise<CorporateUserDto> {
  const role = session.sessionRole;
  const allowed =
    role.type === 'TYPE_ADMIN' || (role.type !== 'TYPE_CUSTOMER' && role.id === id) || session.mimic?.adminId === id;
  if (!allowed) throw AppError.notFound('Corporate user');
  const [u] = await db
    .select({
      id: corporateUsers.id,
      firstName: corporateUsers.firstName,
      lastName: corporateUsers.lastName,
      email: corporateUsers.email,
      type: corporateUsers.type,
    })
    .from(corporateUsers)
    .where(eq(corporateUsers.id, id))
    .limit(1);
  if (!u) throw AppError.notFound('Corporate user');
  return u;
}
