// The language of the texts a payment-method answer carries (labels): the caller's Accept-Language when it names
// English or French, else the customer's languageCode (docs/api-contract.md "Payment methods and addresses").
import { toLanguageCode } from '@portal/domain/entities';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../lib/i18n.ts';

/** en or fr when Accept-Language names one of them, else null. */
export function acceptLanguage(request: Pick<FastifyRequest, 'headers'>): Lang | null {
  const header = request.headers['accept-language'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.split(',')) {
    const base = part.trim().slice(0, 2).toLowerCase();
    if (base === 'fr' || base === 'en') return base;
  }
  return null;
}

export function answerLang(request: Pick<FastifyRequest, 'headers'>, customerLanguage: string | null | undefined): Lang {
  return acceptLanguage(request) ?? toLanguageCode(customerLanguage);
}
