// spec 2 §2 / §3 customCard (enabled, cardTitle, cardText, buttonCaption, buttonUrl, imageUrl): what a manager may write.
// The server refuses a card this finds fault with wherever a card is written (for now the demo seed); the dashboard
// checks the link again when it shows the card (an invalid one hides the button).
import type { CustomCard } from './api-shapes.ts';
import { safeImagePath, safeLinkUrl } from './safe-url.ts';

export const CUSTOM_CARD_LIMITS = { cardTitle: 80, cardText: 500, buttonCaption: 40 } as const;

export interface CustomCardProblem {
  field: keyof NonNullable<CustomCard>;
  problem: 'required' | 'tooLong' | 'notWebAddress' | 'notOwnImage';
}

export function customCardProblems(card: CustomCard): CustomCardProblem[] {
  if (!card) return [];
  const problems: CustomCardProblem[] = [];
  for (const field of ['cardTitle', 'cardText', 'buttonCaption'] as const) {
    if ((card[field]?.length ?? 0) > CUSTOM_CARD_LIMITS[field]) problems.push({ field, problem: 'tooLong' });
  }
  if (card.enabled && !card.cardTitle?.trim()) problems.push({ field: 'cardTitle', problem: 'required' });
  if (card.buttonUrl && !safeLinkUrl(card.buttonUrl)) problems.push({ field: 'buttonUrl', problem: 'notWebAddress' });
  if (card.buttonUrl && !card.buttonCaption?.trim()) problems.push({ field: 'buttonCaption', problem: 'required' });
  if (card.imageUrl && !safeImagePath(card.imageUrl)) problems.push({ field: 'imageUrl', problem: 'notOwnImage' });
  return problems;
}

/**
 * issue 23: the card's texts in the tenant's language: the French twins for a French tenant when the manager gave them
 * (each text on its own), else the English ones (cards written before issue 23 have English only).
 */
export function customCardTexts(
  card: NonNullable<CustomCard>,
  lang: 'en' | 'fr',
): { cardTitle: string; cardText: string; buttonCaption: string } {
  const pick = (en: string | undefined, fr: string | undefined) => (lang === 'fr' && fr?.trim() ? fr : (en ?? ''));
  return {
    cardTitle: pick(card.cardTitle, card.cardTitleFr),
    cardText: pick(card.cardText, card.cardTextFr),
    buttonCaption: pick(card.buttonCaption, card.buttonCaptionFr),
  };
}
