// issue 24 "Access for Google accounts" (spec 2 §7 /authorizeoauth, spec 1 §6 TYPE_GOOGLE_OAUTH_ACCOUNT): sign-in with
// Google through OpenID Connect, as a relying party built on openid-client (authorization code + PKCE + state + nonce).
// The issuer is OIDC_ISSUER_URL (Google: https://accounts.google.com) with OIDC_CLIENT_ID / OIDC_CLIENT_SECRET; without
// one, the portal's own sandbox issuer (sandbox-issuer.ts). On return the tenant is found by the issuer's `sub`, or an
// existing tenant is linked only when the issuer says the e-mail is verified, or a TYPE_GOOGLE_OAUTH_ACCOUNT tenant
// (no password: no security card, no password sign-in) is created; then a session as GET /authorize starts one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import * as client from 'openid-client';
import type { AppContext } from '../../context.ts';
import { corporateUsers, customers, oidcIdentities } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { claimsForCustomer, startSession } from '../auth/sign-in.ts';
import { isUniqueViolation } from '../payment-methods/create-context.ts';
import { type SandboxIssuer, startSandboxIssuer } from './sandbox-issuer.ts';

export const GOOGLE_ACCOUNT_TYPE = 'TYPE_GOOGLE_OAUTH_ACCOUNT';
/** The browser's half of a sign-in in progress (state, nonce, PKCE verifier), signed, 10 minutes. */
export const OIDC_FLOW_COOKIE = 'portal_oidc';
const FLOW_TTL_S = 600;

/** Why a sign-in through the issuer did not end in a session (the sign-in page's message: auth.google.errors.*). */
export type OidcFailure = 'state' | 'expired' | 'denied' | 'unverified' | 'corporate' | 'failed' | 'unavailable';

export class OidcSignInError extends Error {
  constructor(
    readonly reason: OidcFailure,
    cause?: unknown,
  ) {
    super(`OpenID Connect sign-in refused: ${reason}`, { cause });
  }
}

export interface OidcSettings {
  issuerUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** The sandbox issuer's port (else a free one). */
  sandboxPort?: number;
  /** PUBLIC_ORIGIN: the portal's address for the redirect URI (else the request's own). */
  publicOrigin?: string;
}

interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  next: string | null;
  lang: 'en' | 'fr';
}

export interface OidcRelyingParty {
  /** The issuer's authorization URL and the signed cookie value of this attempt. */
  begin(input: { redirectUri: string; next: string | null; lang: 'en' | 'fr' }): Promise<{ url: string; cookie: string }>;
  /** The callback: a session token of the tenant, or OidcSignInError. */
  complete(input: {
    cookie: string | undefined;
    query: URLSearchParams;
    ip: string;
    userAgent?: string | null;
  }): Promise<{ token: string; next: string | null; lang: 'en' | 'fr'; created: boolean }>;
  /** The configured issuer (for the sandbox: its address once started). */
  issuer(): Promise<string>;
  close(): Promise<void>;
}

/** A path of the portal to go back to (never another origin). */
export function safeNext(next: string | undefined | null): string | null {
  return next && /^\/(?![/\\])[^\s]*$/.test(next) && next.length <= 500 ? next : null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createOidcRelyingParty(ctx: AppContext, settings: OidcSettings): OidcRelyingParty {
  const flowKey = createHmac('sha256', ctx.config.jwtSecret).update('oidc-flow-cookie').digest();
  let sandbox: Promise<SandboxIssuer> | null = null;
  let configuration: Promise<client.Configuration> | null = null;

  function discover(): Promise<client.Configuration> {
    if (!configuration) {
      configuration = (async () => {
        if (settings.issuerUrl) {
          if (!settings.clientId) throw new Error('OIDC_CLIENT_ID is required with OIDC_ISSUER_URL');
          return client.discovery(new URL(settings.issuerUrl), settings.clientId, settings.clientSecret);
        }
        // No issuer configured: the sandbox, on loopback http (allowed for it alone).
        sandbox ??= startSandboxIssuer({ port: settings.sandboxPort, publicOrigin: settings.publicOrigin });
        const s = await sandbox;
        return client.discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, {
          execute: [client.allowInsecureRequests],
        });
      })();
      // A failed discovery (issuer down) is tried again on the next sign-in.
      configuration.catch(() => {
        configuration = null;
      });
    }
    return configuration;
  }

  async function readFlow(cookie: string | undefined): Promise<FlowState> {
    if (!cookie) throw new OidcSignInError('expired');
    try {
      const { payload } = await jwtVerify(cookie, flowKey, {
        algorithms: ['HS256'],
        currentDate: ctx.now(),
        audience: 'oidc-flow',
      });
      return payload as unknown as FlowState;
    } catch {
      throw new OidcSignInError('expired');
    }
  }

  return {
    async issuer() {
      if (settings.issuerUrl) return settings.issuerUrl;
      return (await discover()).serverMetadata().issuer;
    },

    async begin({ redirectUri: given, next, lang }) {
      // As a URL writes it (http://localhost:80 → http://localhost): the token request sends it back byte for byte.
      const redirectUri = new URL(given).href;
      let config: client.Configuration;
      try {
        config = await discover();
      } catch {
        throw new OidcSignInError('unavailable');
      }
      const flow: FlowState = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        redirectUri,
        next,
        lang,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        ui_locales: lang,
      });
      const now = Math.floor(ctx.now().getTime() / 1000);
      const cookie = await new SignJWT({ ...flow })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('oidc-flow')
        .setIssuedAt(now)
        .setExpirationTime(now + FLOW_TTL_S)
        .sign(flowKey);
      return { url: url.href, cookie };
    },

    async complete({ cookie, query, ip, userAgent }) {
      const flow = await readFlow(cookie);
      // The answer must be to this browser's own request (login CSRF): checked here before any call to the issuer.
      const state = query.get('state') ?? '';
      if (!sameText(state, flow.state)) throw new OidcSignInError('state');
      if (query.get('error')) throw new OidcSignInError('denied');
      const config = await discover().catch(() => {
        throw new OidcSignInError('unavailable');
      });
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = query.toString();
      let claims: client.IDToken | undefined;
      let accessToken: string;
      try {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        accessToken = tokens.access_token;
      } catch (err) {
        if (err instanceof client.AuthorizationResponseError) throw new OidcSignInError('denied');
        throw new OidcSignInError('failed', err);
      }
      if (!claims?.sub) throw new OidcSignInError('failed');
      // Google puts the e-mail in the ID token; an issuer that follows OIDC Core strictly answers it at userinfo.
      let info: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string') {
        info = await client.fetchUserInfo(config, accessToken, claims.sub).catch(() => {
          throw new OidcSignInError('failed');
        });
      }
      const issuer = config.serverMetadata().issuer;
      const identity: IssuerIdentity = {
        issuer,
        sub: claims.sub,
        email: typeof info.email === 'string' ? info.email.trim().toLowerCase() : null,
        emailVerified: info.email_verified === true || info.email_verified === 'true',
        firstName: typeof info.given_name === 'string' ? info.given_name : null,
        lastName: typeof info.family_name === 'string' ? info.family_name : null,
        name: typeof info.name === 'string' ? info.name : null,
        lang: flow.lang,
      };
      // Two sign-ins of one new identity at once: the second finds what the first wrote.
      const { customerId, created } = await resolveCustomer(ctx, identity).catch((err) => {
        if (isUniqueViolation(err)) return resolveCustomer(ctx, identity);
        throw err;
      });
      const sessionClaims = await claimsForCustomer(ctx, customerId);
      if (!sessionClaims) throw new OidcSignInError('failed');
      const token = await startSession(ctx, sessionClaims, { ip, userAgent });
      return { token, next: flow.next, lang: flow.lang, created };
    },

    async close() {
      if (sandbox) await (await sandbox).close();
    },
  };
}

interface IssuerIdentity {
  issuer: string;
  sub: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  lang: 'en' | 'fr';
}

/** The tenant of an identity: by (issuer, sub); else linked by a verified e-mail; else a new Google-account tenant. */
export async function resolveCustomer(ctx: AppContext, id: IssuerIdentity): Promise<{ customerId: string; created: boolean }> {
  const t = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .select({ customerId: oidcIdentities.customerId, id: oidcIdentities.id })
      .from(oidcIdentities)
      .where(sql`${oidcIdentities.issuer} = ${id.issuer} AND ${oidcIdentities.subject} = ${id.sub}`)
      .limit(1);
    if (known) {
      await tx.update(oidcIdentities).set({ lastSignInAt: t, email: id.email }).where(eq(oidcIdentities.id, known.id));
      return { customerId: known.customerId, created: false };
    }
    // An e-mail the issuer has not verified proves nothing: it links no account and opens none (it could be anyone's).
    if (!id.email || !id.emailVerified) throw new OidcSignInError('unverified');
    const [staff] = await tx
      .select({ id: corporateUsers.id })
      .from(corporateUsers)
      .where(sql`lower(${corporateUsers.email}) = ${id.email}`)
      .limit(1);
    // A manager's or admin's address: a tenant account there would take over their password sign-in (customers first).
    if (staff) throw new OidcSignInError('corporate');
    const [existing] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.email}) = ${id.email}`)
      .limit(1);
    let customerId: string;
    let created = false;
    if (existing) {
      customerId = existing.id;
      await recordAudit(tx, {
        recordType: 'customer',
        recordId: customerId,
        action: 'UPDATE',
        changes: { signInIssuer: { from: null, to: id.issuer } },
        actor: { id: customerId, type: 'TYPE_CUSTOMER' },
      });
    } else {
      const [first, ...rest] = (id.name ?? '').split(/\s+/).filter(Boolean);
      const [row] = await tx
        .insert(customers)
        .values({
          email: id.email,
          passwordHash: null,
          firstName: (id.firstName ?? first ?? id.email.split('@')[0]).slice(0, 100),
          lastName: (id.lastName ?? (rest.join(' ') || '-')).slice(0, 100),
          languageCode: id.lang,
          accountType: GOOGLE_ACCOUNT_TYPE,
          acknowledgedTerms: false,
          // issue 25: the issuer vouches for the address, or the tenant verifies it like a self sign-up.
          emailVerifiedAt: id.emailVerified ? new Date().toISOString() : null,
          // No phone from the issuer: text notices stay off until the tenant adds a number (else every profile save,
          // the terms' birth date first, is refused for a missing phone).
          muteTextMessageNotification: true,
        })
        .returning({ id: customers.id });
      customerId = row.id;
      created = true;
      await recordAudit(tx, {
        recordType: 'customer',
        recordId: customerId,
        action: 'CREATE',
        changes: { accountType: { from: null, to: GOOGLE_ACCOUNT_TYPE }, signInIssuer: { from: null, to: id.issuer } },
        actor: { id: customerId, type: 'TYPE_CUSTOMER' },
      });
    }
    await tx.insert(oidcIdentities).values({ issuer: id.issuer, subject: id.sub, customerId, email: id.email, lastSignInAt: t });
    return { customerId, created };
  });
}
