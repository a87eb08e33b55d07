// Demo of the service cards (issue 22, spec 2 §2 "Dashboard service cards", §6 company flags): the BC demo lease
// (Harbourview, Maple Leaf) offers microlending with both partners, a custom card and the Canada-only neobank banner;
// the US tenant's company offers none of them. Custom cards are checked as the server checks any written card.
import type { CustomCard } from '@portal/domain/api-shapes';
import { customCardProblems } from '@portal/domain/custom-card';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies, properties } from './schema.ts';
import { DEMO_IDS } from './seed-ids.ts';

export const DEMO_CUSTOM_CARD = {
  enabled: true,
  cardTitle: 'Harbourview amenities',
  cardText: 'Book the rooftop lounge, the guest suite or a moving-day elevator slot with the building concierge desk.',
  buttonCaption: 'Book an amenity',
  buttonUrl: 'https://example.com/harbourview/amenities',
  imageUrl: '/images/custom-card-amenities.svg',
} satisfies CustomCard;

/** A custom card as it may be stored: a card with a problem is refused (issue 22: validated where it is written). */
export function checkedCustomCard(card: CustomCard): CustomCard {
  const problems = customCardProblems(card);
  if (problems.length) throw new Error(`custom card refused: ${problems.map((p) => `${p.field} ${p.problem}`).join(', ')}`);
  return card;
}

export async function seedDemoServices(ctx: AppContext): Promise<void> {
  const I = DEMO_IDS;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ microlendingEnabled: true, neobankPromotionEnabled: true })
      .where(eq(companies.id, I.companyCa));
    await tx
      .update(properties)
      .set({
        monevoIntegration: { enabled: true },
        paypalCreditIntegration: { enabled: true },
        customCard: checkedCustomCard(DEMO_CUSTOM_CARD),
      })
      .where(eq(properties.id, I.propertyCa));
    // The US company: no microlending (and the neobank promotion is Canada-only whatever its switch says).
    await tx
      .update(companies)
      .set({ microlendingEnabled: false, neobankPromotionEnabled: false })
      .where(eq(companies.id, I.companyUs));
  });
}
