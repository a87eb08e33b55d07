// The sign-in throttle's limits and its delay rule (issue 21 §1, OWASP Authentication and Credential Stuffing cheat
// sheets: throttle per account and address with growing delays, never a lock anyone can trigger). Its own module, with
// no import of the app's context, so that config.ts can name the type without an import circle.

export interface SignInLimits {
  /** Failures of one account from one address before each further attempt of that pair waits. */
  pairFreeFailures: number;
  pairMaxDelayMs: number;
  /** Failures from one address (over any accounts) before each further attempt from it waits (not for known pairs). */
  addressFreeFailures: number;
  addressMaxDelayMs: number;
  /**
   * The account's ceiling against distributed guessing: failures from addresses not known for the account (each address
   * counting its first pairFreeFailures only) before every further attempt from an unknown address waits.
   */
  accountFreeFailures: number;
  accountMaxDelayMs: number;
  /** The first delay; each further failure doubles it, up to the scope's maximum. */
  baseDelayMs: number;
  /** A count with no failure for this long starts over (longer than any delay, so waiting out the cap does not reset). */
  windowMs: number;
  /** Addresses remembered per account after a successful sign-in (the most recent ones), and for how long. */
  knownAddresses: number;
  knownAddressMaxAgeMs: number;
}

export const SIGN_IN_LIMIT_DEFAULTS: SignInLimits = {
  pairFreeFailures: 3,
  pairMaxDelayMs: 15 * 60_000,
  // A household or an office behind one NAT shares an address: it gets more before it waits.
  addressFreeFailures: 20,
  addressMaxDelayMs: 15 * 60_000,
  accountFreeFailures: 10,
  // Short: an owner on a new network waits at most this long while a distributed attack goes on.
  accountMaxDelayMs: 5 * 60_000,
  baseDelayMs: 1_000,
  windowMs: 60 * 60_000,
  knownAddresses: 10,
  knownAddressMaxAgeMs: 180 * 24 * 60 * 60_000,
};

export function signInLimitsOf(config: { signInLimits?: Partial<SignInLimits> }): SignInLimits {
  return { ...SIGN_IN_LIMIT_DEFAULTS, ...config.signInLimits };
}

/**
 * How long the next attempt waits after the given number of failures: nothing before `free`, then the base delay
 * doubling with each further failure, up to `maxMs`.
 */
export function delayAfterFailures(failures: number, free: number, baseMs: number, maxMs: number): number {
  if (failures < free) return 0;
  const steps = Math.min(failures - free, 40); // 2^40 ms is far past any cap: no overflow to Infinity
  return Math.min(baseMs * 2 ** steps, maxMs);
}
