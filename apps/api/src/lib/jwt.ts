// Access tokens: HS256 JWTs (jose) carrying sessionRole {id, firstName, lastName, type} and the server-side session
// they belong to (sid), 15 minutes at most and never past the session's absolute end.
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './app-error.ts';

// TYPE_API_KEY (issue 24): a company's API key exchanged at /authorizeapi; only its scopes' routes accept it.
export type UserType = 'TYPE_CUSTOMER' | 'TYPE_ADMIN' | 'TYPE_MANAGER' | 'TYPE_LANDLORD' | 'TYPE_API_KEY';

export interface SessionRole {
  id: string;
  firstName: string;
  lastName: string;
  type: UserType;
  /** issue 23: a manager's (or landlord's) company, the scope of everything they see and do. */
  companyId?: string | null;
}

export interface SessionClaims {
  sessionRole: SessionRole;
  /**
   * Present while an admin (or, issue 23, a manager) acts as a tenant: who is really acting, and for which lease.
   * adminType: the acting user's type (absent in tokens from before issue 23: an admin).
   */
  mimic?: { adminId: string; leaseId: string; adminType?: UserType };
  accountType?: string | null;
  /** issue 24: the API key behind a TYPE_API_KEY token, and what it may read (services/api-keys). */
  apiKey?: { id: string; scopes: string[] };
  originType?: string | null;
  signupPage?: string | null;
}

/** What a verified token says: the claims, the session id and the expiry (seconds since epoch). */
export type VerifiedClaims = SessionClaims & { sid: string; exp: number };

export interface TokenService {
  /** A token of session `sid`; `notAfterMs` caps its expiry (the session's absolute end). */
  sign(claims: SessionClaims, sid: string, notAfterMs?: number): Promise<string>;
  verify(token: string): Promise<VerifiedClaims>;
  /** The session id of a token whose signature is good, expired or not (sign-out of an expired token); else null. */
  sessionIdOf(token: string): Promise<string | null>;
  ttlSeconds: number;
}

const CACHE_MAX = 10_000;
const invalid = () => new AppError('RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
const expired = () => new AppError('RM_ERROR_ACCESS_TOKEN_EXPIRED', 'Access token expired');

function claimsOf(payload: Record<string, unknown>): VerifiedClaims {
  const role = payload.sessionRole as SessionRole | undefined;
  // A token without a session id (issued before sessions existed) cannot be checked for revocation: refused.
  if (!role?.id || !role.type || typeof payload.sid !== 'string' || !payload.sid) throw invalid();
  return payload as unknown as VerifiedClaims;
}

export function createTokenService(secret: string, ttlSeconds = 15 * 60, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret);
  // A token whose signature was checked once is remembered until it expires: HMAC verification is the
  // largest per-request cost after the database (about 170 µs under load). Revocation is the session store's job.
  const verified = new Map<string, VerifiedClaims>();
  return {
    ttlSeconds,
    async sign(claims, sid, notAfterMs) {
      const iat = Math.floor(now() / 1000);
      const exp = Math.min(iat + ttlSeconds, notAfterMs === undefined ? Number.POSITIVE_INFINITY : Math.floor(notAfterMs / 1000));
      return new SignJWT({ ...claims, sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sessionRole.id)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp * 1000 > now()) return hit;
        verified.delete(token);
        throw expired();
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
        const claims = claimsOf(payload);
        if (verified.size >= CACHE_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
        return claims;
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw expired();
        throw invalid();
      }
    },
    async sessionIdOf(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(now()) });
        return claimsOf(payload).sid;
      } catch (err) {
        // jose checks the signature before the claims: an expired token's payload is genuine.
        if (err instanceof errors.JWTExpired && typeof err.payload.sid === 'string') return err.payload.sid;
        return null;
      }
    },
  };
}
