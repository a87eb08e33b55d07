// The services area (issue 22, spec 2 §2 "Dashboard service cards"): which cards show for which leases, the
// microlending modal, the custom card's link checks, the concierge card and the neobank banner.

import type { UseQueryResult } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PropertyLease } from '../../../api/types';
import type { SearchResult } from '../../../lib/api-client';
import { companyFixture, leaseFixture, propertyFixture } from '../../../test/fixtures';
import { loadServiceCards } from '../lib/load-service-cards';
import { renderWithProviders } from '../test/render';
import { ServiceCards } from './service-cards';

vi.mock('../../../lib/api-client', () => ({
  search: vi.fn(async () => ({ records: [], totalPages: 0, totalRecords: 0, page: 1 })),
}));
vi.mock('../../../lib/use-session-user', () => ({
  useSessionUser: () => ({ id: 'u1', firstName: 'Camille', lastName: 'Tremblay', type: 'TYPE_CUSTOMER', exp: 0 }),
}));
afterEach(() => localStorage.clear());

const card = {
  enabled: true,
  cardTitle: 'Harbourview amenities',
  cardText: 'Book the rooftop lounge.',
  buttonCaption: 'Book an amenity',
  buttonUrl: 'https://example.com/amenities',
  imageUrl: '/images/custom-card-amenities.svg',
};

function offering(id: string, name: string, over: { company?: object; property?: object; status?: string } = {}) {
  return leaseFixture({
    id,
    status: over.status ?? 'ACTIVE',
    joins: {
      company: companyFixture({
        id: `c-${id}`,
        microlendingEnabled: true,
        neobankPromotionEnabled: true,
        conciergeEnabled: true,
        ...over.company,
      }),
      property: propertyFixture({
        id: `p-${id}`,
        propertyName: name,
        monevoIntegration: { enabled: true },
        paypalCreditIntegration: { enabled: true },
        customCard: card,
        ...over.property,
      }),
      parentCompany: null,
    },
  });
}
// no service of any kind (the other services' too: credit reporting, insurance)
const nothing = {
  microlendingEnabled: false,
  neobankPromotionEnabled: false,
  conciergeEnabled: false,
  serviceCreditReporting: { RESIDENTIAL: false, COMMERCIAL: false },
  insuranceIntegration: null,
};
const noCard = { customCard: null };

const query = (records: PropertyLease[] | undefined) =>
  ({
    data: records && { records, totalPages: 1, totalRecords: records.length, page: 1 },
  }) as UseQueryResult<SearchResult<PropertyLease>>;

/** Rendered, with the cards' own chunk (loaded on demand) in. */
async function render(records: PropertyLease[] | undefined, lang: 'en' | 'fr' = 'en') {
  const rendered = await renderWithProviders(<ServiceCards leasesQuery={query(records)} />, { lang });
  await act(async () => {
    await loadServiceCards();
  });
  return rendered;
}

describe('ServiceCards', () => {
  it('renders nothing, not even an empty box, while the leases load or when nothing is offered', async () => {
    const loading = await render(undefined);
    expect(loading.container.querySelector('section')).toBeNull();
    loading.unmount();
    const none = await render([offering('l1', 'Harbourview', { company: nothing, property: noCard })]);
    expect(none.container.querySelector('section')).toBeEmptyDOMElement();
    none.unmount();
    const us = await render([
      offering('l1', 'Pike Street Flats', {
        company: { country: 'US', microlendingEnabled: false, conciergeEnabled: false },
        property: { country: 'US', province: 'WA', ...noCard },
      }),
    ]);
    expect(screen.queryByTestId('neobank-banner')).not.toBeInTheDocument();
    expect(us.container.querySelector('section')).toBeEmptyDOMElement();
  });

  it('shows the microlending, custom and concierge cards and the neobank banner of a lease offering them', async () => {
    await render([offering('l1', 'Harbourview')]);
    const services = screen.getByRole('region', { name: 'Services' });
    expect(within(services).getByRole('region', { name: 'Microloans' })).toBeInTheDocument();
    const custom = within(services).getByRole('region', { name: 'Harbourview amenities' });
    expect(within(custom).getByRole('img', { name: 'Harbourview amenities' })).toHaveAttribute(
      'src',
      '/images/custom-card-amenities.svg',
    );
    const link = within(custom).getByRole('link', { name: /Book an amenity/ });
    expect(link).toHaveAttribute('href', 'https://example.com/amenities');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    const concierge = within(services).getByRole('region', { name: 'Tenant concierge' });
    expect(within(concierge).getByRole('button', { name: 'Join the concierge' })).toHaveAccessibleDescription(
      /goes through your property manager/,
    );
    const banner = within(services).getByRole('region', { name: 'Get $40.00 with a no-fee card' });
    expect(within(banner).getByRole('link', { name: /Sign up for the card/ })).toHaveAttribute(
      'href',
      '/api/sandbox/neobank?lang=en',
    );
    // one lease: its property is not named on its cards
    expect(screen.queryByText('Harbourview')).not.toBeInTheDocument();
  });

  it('hides the custom card button when its address is not a web address, and the image when not our own', async () => {
    await render([
      offering('l1', 'Harbourview', {
        property: { customCard: { ...card, buttonUrl: 'javascript:alert(1)', imageUrl: 'https://cdn.example/x.png' } },
      }),
    ]);
    const custom = screen.getByRole('region', { name: 'Harbourview amenities' });
    expect(within(custom).queryByRole('link')).not.toBeInTheDocument();
    expect(within(custom).queryByRole('img')).not.toBeInTheDocument();
    expect(within(custom).getByText('Book the rooftop lounge.')).toBeInTheDocument();
  });

  it('shows a service once per lease offering it, naming the property; a terminated lease offers none', async () => {
    await render([
      offering('l1', 'Harbourview'),
      offering('l2', 'Lakeside', { property: noCard }),
      offering('l3', 'Metrotown', { status: 'TERMINATED' }),
    ]);
    const microloans = screen.getAllByRole('region', { name: 'Microloans' });
    expect(microloans).toHaveLength(2);
    expect(within(microloans[0]).getByText('Harbourview')).toBeInTheDocument();
    expect(within(microloans[1]).getByText('Lakeside')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Harbourview amenities' })).toHaveLength(1);
    expect(screen.queryByText('Metrotown')).not.toBeInTheDocument();
    // shown once, whatever the number of leases
    expect(screen.getAllByTestId('neobank-banner')).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: 'Tenant concierge' })).toHaveLength(1);
  });

  it('opens the microlending modal with the loan partner first and chosen, linking out to the chosen partner', async () => {
    const user = userEvent.setup();
    await render([offering('l1', 'Harbourview')]);
    await user.click(screen.getByRole('button', { name: 'See loan options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Microloans' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((r) => r.textContent)).toEqual([expect.stringMatching(/^Monevo/), expect.stringMatching(/^PayPal Credit/)]);
    expect(radios[0]).toBeChecked();
    const go = within(dialog).getByRole('link', { name: /Continue to Monevo/ });
    expect(go).toHaveAttribute('href', '/api/sandbox/microloans/MONEVO?lang=en');
    expect(go).toHaveAttribute('rel', 'noopener noreferrer');
    await user.click(radios[1]);
    expect(within(dialog).getByRole('link', { name: /Continue to PayPal Credit/ })).toHaveAttribute(
      'href',
      '/api/sandbox/microloans/PAYPAL_CREDIT?lang=en',
    );
  });

  it('offers only the partners the property switches on', async () => {
    const user = userEvent.setup();
    await render([offering('l1', 'Harbourview', { property: { monevoIntegration: null } })]);
    await user.click(screen.getByRole('button', { name: 'See loan options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Microloans' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: /Continue to PayPal Credit/ })).toBeInTheDocument();
  });

  it('lets the tenant dismiss the neobank banner, and remembers it in this browser', async () => {
    const user = userEvent.setup();
    const first = await render([offering('l1', 'Harbourview')]);
    await user.click(screen.getByRole('button', { name: 'Dismiss the card offer' }));
    expect(screen.queryByTestId('neobank-banner')).not.toBeInTheDocument();
    first.unmount();
    await render([offering('l1', 'Harbourview')]);
    expect(screen.queryByTestId('neobank-banner')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Microloans' })).toBeInTheDocument();
  });

  it('speaks French, with the amount in French', async () => {
    await render([offering('l1', 'Harbourview')], 'fr');
    expect(screen.getByRole('region', { name: 'Obtenez 40,00\u00a0$ avec une carte sans frais' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Microprêts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /S’inscrire/ })).toHaveAttribute('href', '/api/sandbox/neobank?lang=fr');
  });

  // issue 23: the manager writes the custom card in English and French
  const bilingual = {
    ...card,
    cardTitleFr: 'Commodités de Harbourview',
    cardTextFr: 'Réservez le salon sur le toit.',
    buttonCaptionFr: 'Réserver',
  };

  it('shows the custom card in French to a French tenant when the manager gave the French texts', async () => {
    await render([offering('l1', 'Harbourview', { property: { customCard: bilingual } })], 'fr');
    const region = screen.getByRole('region', { name: 'Commodités de Harbourview' });
    expect(within(region).getByText('Réservez le salon sur le toit.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: /Réserver/ })).toHaveAttribute('href', 'https://example.com/amenities');
  });

  it('keeps the English texts for an English tenant, and for a French one when no French was given', async () => {
    const first = await render([offering('l1', 'Harbourview', { property: { customCard: bilingual } })], 'en');
    expect(screen.getByRole('region', { name: 'Harbourview amenities' })).toBeInTheDocument();
    first.unmount();
    await render([offering('l1', 'Harbourview')], 'fr');
    expect(screen.getByRole('region', { name: 'Harbourview amenities' })).toBeInTheDocument();
  });
});
