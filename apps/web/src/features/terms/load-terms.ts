// The terms texts are big: they load on demand (not part of the sign-in bundle), one language at a time.
import type { Lang } from '../../lib/i18n';
import type { TermsDocument } from './terms-content';

export function loadTerms(lang: Lang): Promise<TermsDocument> {
  return lang === 'fr' ? import('./terms-fr').then((m) => m.termsFr) : import('./terms-en').then((m) => m.termsEn);
}
