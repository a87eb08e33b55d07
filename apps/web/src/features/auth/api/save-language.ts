// issue 9: the language chosen on the sign-in page wins at sign-in: it is saved to the customer (spec 1 §4 Language:
// PATCH /customer/{id}/update with languageCode) with the token just received.
import { request } from '../../../lib/api-client';
import type { Lang } from '../../../lib/i18n';

/** Saves the language to the customer; true when the save answered an id (spec 1 §4: only then does it count). */
export async function saveCustomerLanguage(customerId: string, lang: Lang): Promise<boolean> {
  try {
    const answer = await request<{ id?: string }>(`/customer/${encodeURIComponent(customerId)}/update`, {
      method: 'PATCH',
      body: { languageCode: lang },
    });
    return !!answer?.id;
  } catch {
    // Not saved: the customer's saved language applies, as on any sign-in.
    return false;
  }
}

/** issue 23: the same for a corporate user (PATCH /corporateUser/{id}/update with languageCode): the console's language. */
export async function saveCorporateUserLanguage(userId: string, lang: Lang): Promise<boolean> {
  try {
    const answer = await request<{ id?: string }>(`/corporateUser/${encodeURIComponent(userId)}/update`, {
      method: 'PATCH',
      body: { languageCode: lang },
    });
    return !!answer?.id;
  } catch {
    // Not saved: the saved language applies, as on any sign-in.
    return false;
  }
}
