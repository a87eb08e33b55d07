// The card and bank processor (ARCHITECTURE "Providers"; a Paysafe/BlueSnap-style gateway). Raw card and account
// numbers and CVVs go to it and nowhere else: the portal keeps the token, brand, card type, last4, expiry and country
// it answers, plus a keyed fingerprint for spotting the same card twice.
import type { CardBrand, CardType, Country } from '@portal/domain/entities';
import type { ProcessorRefusal } from '@portal/domain/processor-refusals';

/** Why the processor refused (spec 1 §8): packages/domain/processor-refusals.ts turns it into the portal's answer. */
export type { ProcessorRefusal };

/** A typed refusal: `code` is the processor's code (paysafe.7503, paysafe.5068) or an RM_ERROR_ code. */
export class ProcessorError extends Error {
  readonly code: string;
  readonly reason: ProcessorRefusal;
  readonly httpStatus?: number;
  constructor(code: string, reason: ProcessorRefusal, message: string, httpStatus?: number) {
    super(message);
    this.name = 'ProcessorError';
    this.code = code;
    this.reason = reason;
    this.httpStatus = httpStatus;
  }
}

export interface CardInput {
  cardNumber: string;
  cvv: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  nameOnCard: string;
  /** The country the tenant gave for the card (any ISO code: issue 21 §2, cards from outside CA/US). */
  country: string;
  /** The `session-id` header: the device session the processor's fraud checks tie the card to. */
  deviceSessionId?: string;
  billingPostalCode?: string;
}

export interface TokenizedCard {
  token: string;
  /** Keyed hash of the card number: equal for the same card, useless for recovering the number. */
  fingerprint: string;
  brand: CardBrand;
  cardType: CardType;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  /** The issuing country (differs from the tenant's for an international card). */
  country: string;
}

export interface BankAccountInput {
  country: Country;
  accountNumber: string;
  /** US routing number, or CA institution + transit. */
  routingNumber: string;
  institutionNumber?: string;
  transitNumber?: string;
  accountHolder: string;
}

export interface TokenizedBankAccount {
  token: string;
  fingerprint: string;
  last4: string;
  /** The bank's name when the processor knows the routing/institution number. */
  bankName: string | null;
}

/**
 * APPROVED: a card charge (final). PENDING: a bank debit in flight; it later becomes SETTLED, or NSF / RETURNED.
 * DECLINED and INSUFFICIENT_FUNDS are refusals (charge() throws them; getCharge() reports them).
 */
export type ChargeStatus = 'APPROVED' | 'PENDING' | 'SETTLED' | 'NSF' | 'RETURNED' | 'DECLINED' | 'INSUFFICIENT_FUNDS';

export interface ChargeInput {
  amountCents: number;
  currency: 'CAD' | 'USD';
  token: string;
  /** One charge per key: a retry with the same key answers the first result and never charges twice. */
  idempotencyKey: string;
  description?: string;
  /**
   * The caller's clock (the job's instant under `npm run jobs -- --now`): the sandbox stamps the charge with it, so a
   * run for a simulated instant settles bank debits by that instant. A real processor keeps its own time.
   */
  at?: Date;
}

export interface Charge {
  id: string;
  idempotencyKey: string;
  token: string;
  amountCents: number;
  currency: 'CAD' | 'USD';
  status: ChargeStatus;
  createdAt: string;
  /** When a bank debit settled, bounced (NSF) or was returned. */
  settledAt: string | null;
  refundedCents: number;
  /** For refusals: the RM_ERROR_ code and the processor's text. */
  errorCode: string | null;
  errorMessage: string | null;
}

export interface RefundInput {
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface Refund {
  id: string;
  chargeId: string;
  idempotencyKey: string;
  amountCents: number;
  status: 'APPROVED';
  createdAt: string;
}

/** A settled bank charge the bank sent back (issue 23: NSF R01 and other return codes), as the processor reports it. */
export interface ChargeReturn {
  chargeId: string;
  /** The charge's idempotency key: the portal's payment transaction id. */
  idempotencyKey: string;
  amountCents: number;
  returnCode: string;
  returnedAt: string;
}

export interface PaymentProcessor {
  /** Tokenizes and verifies a card (a declined card is refused here already, spec 1 §8). */
  tokenizeCard(input: CardInput): Promise<TokenizedCard>;
  tokenizeBankAccount(input: BankAccountInput): Promise<TokenizedBankAccount>;
  /** Charges a token. Throws ProcessorError for DECLINED / INSUFFICIENT_FUNDS (recorded all the same). */
  charge(input: ChargeInput): Promise<Charge>;
  refund(input: RefundInput): Promise<Refund>;
  /**
   * The charge made with this idempotency key, as of now or of the caller's clock `asOf` (crash recovery: ask the
   * processor about the key; settlement).
   */
  getCharge(idempotencyKey: string, asOf?: Date): Promise<Charge | null>;
  /** Forgets a token (the method was removed); later charges with it are refused. */
  deleteToken(token: string): Promise<void>;
  /**
   * issue 23: bank charges returned since `since` (oldest first), as a real processor's returns report gives them; the
   * portal handles each once (services/payments/returned-payments.ts). Absent: the processor reports none.
   */
  listReturns?(since: Date): Promise<ChargeReturn[]>;
  /** The sandbox only: the bank sends back a settled bank charge with a return code (R01 …); null if not returnable. */
  simulateReturn?(chargeId: string, returnCode: string): Promise<ChargeReturn | null>;
}
