// The outside parties behind interfaces (ARCHITECTURE "Providers"), sandbox implementations by default. They live on
// the app context (ctx.providers) so tests can swap any of them.
import { join } from 'node:path';
import type { Executor } from '../db/client.ts';
import { type BankLinkingProvider, createSandboxBankLinking } from './bank-linking/bank-linking.ts';
import type { CreditBureau } from './bureau/bureau.ts';
import { createSandboxBureau } from './bureau/sandbox-bureau.ts';
import { createSandboxInsurancePartners, type InsurancePartnersProvider } from './insurance-partners/insurance-partners.ts';
import { createSandboxOnlineWallet, type OnlineWalletProvider } from './online-wallet/online-wallet.ts';
import type { PaymentProcessor } from './processor/processor.ts';
import { createDatabaseProcessorStore, createMemoryProcessorStore } from './processor/processor-store.ts';
import { createSandboxProcessor } from './processor/sandbox-processor.ts';
import { createSandboxScreening, type ScreeningProvider } from './screening/screening.ts';
import { createSandboxWallet, type WalletProvider } from './wallet/wallet.ts';

export interface Providers {
  /** Card and bank processor. */
  processor: PaymentProcessor;
  /** Plaid-style bank linking. */
  bankLinking: BankLinkingProvider;
  /** PayPal-style online wallet provider. */
  onlineWallet: OnlineWalletProvider;
  /** Apple Pay / Google Pay. */
  wallet: WalletProvider;
  /** Tenant screening: credit, background and income verification (issue 11). */
  screening: ScreeningProvider;
  /** The credit bureau receiving the monthly Metro 2 file of rent reporting (issue 22). */
  bureau: CreditBureau;
  /** The insurance quote partners NUERA, MELLO and APOLLO (issue 22, spec 2 §7). */
  insurancePartners: InsurancePartnersProvider;
}

export interface SandboxProviderOptions {
  /** The app's JWT secret: every sandbox key is derived from it. */
  secret: string;
  now: () => Date;
  /** Where an earlier version kept the processor's log (DATA_DIR/sandbox), imported once into the database. */
  dataDir?: string;
  /** The database the sandbox processor keeps its records in (shared by every API process); memory when absent. */
  db?: Executor;
}

export function createSandboxProviders(opts: SandboxProviderOptions): Providers {
  const store = opts.db
    ? createDatabaseProcessorStore(opts.db, {
        legacyLog: opts.dataDir ? join(opts.dataDir, 'sandbox', 'processor-log.jsonl') : undefined,
      })
    : createMemoryProcessorStore();
  return {
    processor: createSandboxProcessor({ secret: opts.secret, now: opts.now, store }),
    bankLinking: createSandboxBankLinking(opts),
    onlineWallet: createSandboxOnlineWallet(opts),
    wallet: createSandboxWallet(opts),
    screening: createSandboxScreening(opts),
    bureau: createSandboxBureau(),
    insurancePartners: createSandboxInsurancePartners(opts),
  };
}
