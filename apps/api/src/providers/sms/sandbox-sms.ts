// The text-message provider (ARCHITECTURE "Providers"): today only its inbound side, the webhook that carries a
// tenant's reply to one of our texts. The sandbox authenticates the webhook with a shared secret sent in a header
// (SMS_WEBHOOK_SECRET, or one generated under DATA_DIR); a real adapter would check the provider's signature here.
import { createHash, timingSafeEqual } from 'node:crypto';

export const SANDBOX_SMS_TOKEN_HEADER = 'x-sms-webhook-token';

export interface SmsProvider {
  /** Whether an inbound webhook call really comes from the provider. */
  isGenuineInbound(headers: Record<string, string | string[] | undefined>): boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createSandboxSms(secret: string | undefined): SmsProvider {
  const expected = secret ? digest(secret) : null;
  return {
    isGenuineInbound(headers) {
      const token = headers[SANDBOX_SMS_TOKEN_HEADER];
      // Without a configured secret nothing is genuine; digests make the comparison constant-time at any length.
      return !!expected && typeof token === 'string' && timingSafeEqual(digest(token), expected);
    },
  };
}
