// Apple Pay / Google Pay (spec 1 §3 Wallet, §4, §9): the wallet sheet answers a payment token and a validation url.
// The sandbox stands in for the sheet: a session endpoint signs a wallet token for one customer, wallet type and
// currency; the portal verifies it when the wallet method is created and hands the processor its payment token.
import type { WalletType } from '@portal/domain/entities';
import { createSignedTokens } from '../signed-token.ts';

export type WalletCurrency = 'CAD' | 'USD';

export interface WalletSession {
  walletToken: string;
  walletValidationUrl: string;
  currency: WalletCurrency;
  expiresAt: Date;
}

export interface VerifiedWalletToken {
  customerId: string;
  walletType: WalletType;
  currency: WalletCurrency;
  sessionId: string;
  /** What the processor charges (a network token; nothing secret). */
  paymentToken: string;
}

export interface WalletProvider {
  createSession(input: { customerId: string; walletType: WalletType; currency: WalletCurrency }): Promise<WalletSession>;
  verifyToken(walletToken: string): VerifiedWalletToken | null;
}

const SESSION_TTL_SECONDS = 10 * 60;

export function createSandboxWallet(opts: { secret: string; now: () => Date }): WalletProvider {
  const tokens = createSignedTokens<{ customerId: string; walletType: WalletType; currency: WalletCurrency }>(
    opts.secret,
    'wallet:session',
    opts.now,
  );
  return {
    async createSession({ customerId, walletType, currency }) {
      const { token, expiresAt } = tokens.sign({ customerId, walletType, currency }, SESSION_TTL_SECONDS);
      return { walletToken: token, walletValidationUrl: '/sandbox/wallet/validate', currency, expiresAt };
    },
    verifyToken(walletToken) {
      const claims = tokens.verify(walletToken);
      if (!claims || (claims.walletType !== 'APPLE_PAY' && claims.walletType !== 'GOOGLE_PAY')) return null;
      return {
        customerId: claims.customerId,
        walletType: claims.walletType,
        currency: claims.currency === 'USD' ? 'USD' : 'CAD',
        sessionId: claims.jti,
        paymentToken: `tok_sbx_wallet_${claims.jti.replace(/[^A-Za-z0-9]/g, 'x')}`,
      };
    },
  };
}
