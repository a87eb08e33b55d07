// The language of the texts a payment-method answer carries (labels): the caller's Accept-Language when it names
// English or French, else the customer's languageCode (docs/api-contract.md "Payment methods and addresses").
import { toLanguageCode } from '@portal/domain/entities';
import type { FastifyRequest } from 'fastify';
import { acceptLanguage, type Lang } from '../../lib/i18n.ts';

export function answerLang(request: Pick<FastifyRequest, 'headers'>, customerLanguage: string | null | undefined): Lang {
  return acceptLanguage(request) ?? toLanguageCode(customerLanguage);
}
