// The bank-linking provider (Plaid-style, spec 1 §2 / §7): a link token opens its widget for one customer and country;
// the widget hands back a short-lived public token for the account the tenant picked, which the portal exchanges for
// the account's numbers and gives straight to the processor (they are never stored).
import type { Country } from '@portal/domain/entities';
import { createSignedTokens } from '../signed-token.ts';
import { SANDBOX_INSTITUTIONS, type SandboxInstitution } from './sandbox-institutions.ts';

export interface LinkTokenClaims {
  customerId: string;
  country: Country;
}

export interface LinkedAccount {
  customerId: string;
  country: Country;
  accountId: string;
  institutionName: string;
  subtype: 'checking' | 'savings';
  /** The full account number, handed to the processor only. */
  accountNumber: string;
  /** US routing number, or CA institution + transit. */
  routingNumber: string;
  institutionNumber: string | null;
  transitNumber: string | null;
}

export interface BankLinkingProvider {
  env: 'sandbox' | 'development' | 'production';
  publicKey: string;
  products: string[];
  /** The widget page (same origin): open it with ?token=…&lang=en|fr. */
  widgetUrl: string;
  webhook: string;
  createLinkToken(claims: LinkTokenClaims): Promise<{ token: string; expiresAt: Date }>;
  verifyLinkToken(token: string): LinkTokenClaims | null;
  /** The widget's institutions and accounts for a country (numbers masked). */
  listInstitutions(country: Country): SandboxInstitution[];
  /** The widget picked an account: a public token for it (null when the link token or account is not genuine). */
  createPublicToken(linkToken: string, accountId: string): Promise<{ publicToken: string; country: Country } | null>;
  /** Exchanges a public token for the picked account (null when forged, expired or not that account). */
  exchangePublicToken(publicToken: string, accountId: string): Promise<LinkedAccount | null>;
}

const LINK_TTL_SECONDS = 30 * 60;
const PUBLIC_TTL_SECONDS = 30 * 60;

export function createSandboxBankLinking(opts: { secret: string; now: () => Date }): BankLinkingProvider {
  const linkTokens = createSignedTokens<{ customerId: string; country: Country }>(opts.secret, 'bank-link:link', opts.now);
  const publicTokens = createSignedTokens<{ customerId: string; country: Country; accountId: string }>(
    opts.secret,
    'bank-link:public',
    opts.now,
  );
  const verifyLinkToken = (token: string): LinkTokenClaims | null => {
    const claims = linkTokens.verify(token);
    return claims && (claims.country === 'CA' || claims.country === 'US')
      ? { customerId: claims.customerId, country: claims.country }
      : null;
  };
  const findAccount = (country: Country, accountId: string) => {
    for (const institution of SANDBOX_INSTITUTIONS[country]) {
      const account = institution.accounts.find((a) => a.id === accountId);
      if (account) return { institution, account };
    }
    return null;
  };
  return {
    env: 'sandbox',
    publicKey: 'pk_sandbox_portal_bank_link',
    products: ['auth'],
    widgetUrl: '/sandbox/bank-link/',
    webhook: '',
    async createLinkToken(claims) {
      const { token, expiresAt } = linkTokens.sign({ customerId: claims.customerId, country: claims.country }, LINK_TTL_SECONDS);
      return { token, expiresAt };
    },
    verifyLinkToken,
    listInstitutions(country) {
      return SANDBOX_INSTITUTIONS[country];
    },
    async createPublicToken(linkToken, accountId) {
      const claims = verifyLinkToken(linkToken);
      if (!claims || !findAccount(claims.country, accountId)) return null;
      const { token } = publicTokens.sign(
        { customerId: claims.customerId, country: claims.country, accountId },
        PUBLIC_TTL_SECONDS,
      );
      return { publicToken: token, country: claims.country };
    },
    async exchangePublicToken(publicToken, accountId) {
      const claims = publicTokens.verify(publicToken);
      if (!claims || claims.accountId !== accountId) return null;
      const found = findAccount(claims.country, accountId);
      if (!found) return null;
      const { institution, account } = found;
      return {
        customerId: claims.customerId,
        country: claims.country,
        accountId,
        institutionName: institution.name,
        subtype: account.subtype,
        accountNumber: account.accountNumber,
        routingNumber:
          claims.country === 'CA'
            ? `${institution.institutionNumber}${account.transitNumber}`
            : (institution.routingNumber ?? ''),
        institutionNumber: claims.country === 'CA' ? (institution.institutionNumber ?? null) : null,
        transitNumber: claims.country === 'CA' ? (account.transitNumber ?? null) : null,
      };
    },
  };
}
