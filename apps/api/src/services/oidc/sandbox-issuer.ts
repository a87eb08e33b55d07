// issue 24 "Access for Google accounts": the offline sandbox issuer that stands in for Google when no OIDC_ISSUER_URL is
// configured (the demo, the tests). A real OpenID Provider (oidc-provider), not an imitation, run in-process on its own
// loopback port (OIDC_SANDBOX_PORT, else a free one): like Google it is another origin the browser is sent to.
// Its sign-in form (oidc-provider's devInteractions) takes any e-mail and any password: the address is the account, its
// e-mail verified; "unverified:" before the address gives an account whose e-mail the issuer has not verified.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

export const SANDBOX_CLIENT_ID = 'tenant-portal-sandbox';
/** Where the portal receives the issuer's answer (routes/oidc). */
export const OIDC_CALLBACK_PATH = '/api/authorizeoauth/callback';
const UNVERIFIED = 'unverified:';

export interface SandboxIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** The sandbox account of what was typed in its sign-in form. */
export function sandboxAccountClaims(login: string) {
  const typed = login.trim().toLowerCase();
  const unverified = typed.startsWith(UNVERIFIED);
  const email = unverified ? typed.slice(UNVERIFIED.length).trim() : typed;
  const local = email.split('@')[0] ?? email;
  const [first, ...rest] = local.split(/[._-]+/).filter(Boolean);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    sub: `sbx-${createHash('sha256').update(typed).digest('hex').slice(0, 24)}`,
    email,
    email_verified: !unverified,
    given_name: cap(first ?? 'Sandbox'),
    family_name: rest.length ? rest.map(cap).join(' ') : 'Google',
    name: [cap(first ?? 'Sandbox'), ...(rest.length ? rest.map(cap) : ['Google'])].join(' '),
  };
}

/** A redirect URI on a loopback or localhost origin with the portal's callback path (any port: the portal's own). */
function sandboxRedirectAllowed(value: string, publicOrigin?: string): boolean {
  const url = URL.parse(value);
  if (!url || url.pathname !== OIDC_CALLBACK_PATH || url.search || url.hash) return false;
  if (publicOrigin && url.origin === new URL(publicOrigin).origin) return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export async function startSandboxIssuer(opts: { port?: number; publicOrigin?: string } = {}): Promise<SandboxIssuer> {
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const configuration: Configuration = {
    clients: [
      {
        client_id: SANDBOX_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`http://localhost${OIDC_CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Like Google: the e-mail and name are in the ID token itself.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      return { accountId: id, claims: async () => sandboxAccountClaims(id) };
    },
    // No consent screen: the portal is the sandbox's only client (Google asks once; the sandbox never needs to).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { session, client, params } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
  };
  // Loaded on first use only: a server that never starts the sandbox issuer keeps it out of its memory (and out of its
  // output: the package warns on start-up about the Node.js release).
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, configuration);
  // The portal's callback on whichever local port it runs (and PUBLIC_ORIGIN): fixed in the sandbox, never in production.
  provider.Client.prototype.redirectUriAllowed = (value: string) => sandboxRedirectAllowed(value, opts.publicOrigin);
  handler = provider.callback();
  return {
    issuer,
    clientId: SANDBOX_CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
