// The outside parties behind interfaces (ARCHITECTURE "Providers"), sandbox implementations by default. They live on
// the app context (ctx.providers) so tests can swap any of them.
import { join } from 'node:path';
import { type BankLinkingProvider, createSandboxBankLinking } from './bank-linking/bank-linking.ts';
import { createSandboxOnlineWallet, type OnlineWalletProvider } from './online-wallet/online-wallet.ts';
import type { PaymentProcessor } from './processor/processor.ts';
import { createFileProcessorLog, createMemoryProcessorLog } from './processor/processor-log.ts';
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
}

export interface SandboxProviderOptions {
  /** The app's JWT secret: every sandbox key is derived from it. */
  secret: string;
  now: () => Date;
  /** Where the processor keeps its durable log (DATA_DIR/sandbox); memory when absent. */
  dataDir?: string;
}

export function createSandboxProviders(opts: SandboxProviderOptions): Providers {
  const log = opts.dataDir
    ? createFileProcessorLog(join(opts.dataDir, 'sandbox', 'processor-log.jsonl'))
    : createMemoryProcessorLog();
  return {
    processor: createSandboxProcessor({ secret: opts.secret, now: opts.now, log }),
    bankLinking: createSandboxBankLinking(opts),
    onlineWallet: createSandboxOnlineWallet(opts),
    wallet: createSandboxWallet(opts),
    screening: createSandboxScreening(opts),
  };
}
