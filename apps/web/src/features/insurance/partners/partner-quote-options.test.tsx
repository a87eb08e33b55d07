import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { PartnerQuoteOptions } from './partner-quote-options';

vi.mock('../../../lib/api-client', async (original) => (await import('../../../test/api-client-mock')).mockApiClient(original));

afterEach(() => vi.clearAllMocks());

const post = vi.mocked(api.post);

describe('PartnerQuoteOptions (spec 2 §7 quote partners)', () => {
  it('shows one card per partner and a quote with its costs and the link to buy on the partner’s site', async () => {
    post.mockResolvedValueOnce({
      id: 'q1',
      partner: 'NUERA',
      link: '/sandbox/insurance/nuera/quote/ref-1',
      monthlyCost: 20.3,
      yearlyCost: 231.42,
      currency: 'CAD',
    });
    await renderWithProviders(<PartnerQuoteOptions leaseId="lease-1" partners={['NUERA', 'MELLO', 'APOLLO']} />, {
      lang: 'en',
    });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Nuera', 'Mello', 'Apollo']);
    const nuera = screen.getByRole('region', { name: 'Nuera' });
    await userEvent.click(within(nuera).getByRole('button', { name: 'Get a quote' }));
    expect(post).toHaveBeenCalledWith('/insurance/quote', { leaseId: 'lease-1', partner: 'NUERA' });
    expect(await within(nuera).findByText('$20.30 per month')).toBeInTheDocument();
    expect(within(nuera).getByText('or $231.42 per year')).toBeInTheDocument();
    const link = within(nuera).getByRole('link', { name: /Buy on Nuera's site/ });
    expect(link).toHaveAttribute('href', '/sandbox/insurance/nuera/quote/ref-1?lang=en');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveFocus();
  });

  it('reads the policy lists again when the tenant comes back from the partner’s tab', async () => {
    post.mockResolvedValueOnce({
      id: 'q1',
      partner: 'MELLO',
      link: '/sandbox/insurance/mello/quote/ref-1',
      monthlyCost: 18.75,
      yearlyCost: 207,
      currency: 'CAD',
    });
    const { client } = await renderWithProviders(<PartnerQuoteOptions leaseId="lease-1" partners={['MELLO']} />, {
      lang: 'en',
    });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    const link = await screen.findByRole('link', { name: /Buy on Mello's site/ });
    window.dispatchEvent(new Event('focus'));
    expect(invalidate).not.toHaveBeenCalled();
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    window.dispatchEvent(new Event('focus'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['insurance_policy'] });
  });

  it('shows APOLLO’s monthly payment only, in French money', async () => {
    post.mockResolvedValueOnce({
      id: 'q2',
      partner: 'APOLLO',
      link: '/sandbox/insurance/apollo/quote/ref-2',
      monthlyCost: 21.8,
      yearlyCost: null,
      currency: 'CAD',
    });
    await renderWithProviders(<PartnerQuoteOptions leaseId="lease-1" partners={['APOLLO']} />, { lang: 'fr' });
    await userEvent.click(screen.getByRole('button', { name: 'Obtenir une soumission' }));
    expect(await screen.findByText(/21,80\s\$\spar mois/)).toBeInTheDocument();
    // elision before a vowel: « d’Apollo », never « de Apollo »
    expect(screen.getByRole('link', { name: /Acheter sur le site d’Apollo/ })).toBeInTheDocument();
    expect(screen.getByText('Soumission d’Apollo')).toBeInTheDocument();
    expect(screen.queryByText(/par année/)).toBeNull();
  });

  it('shows the quote-unavailable alert (contact support) and the server’s message for other refusals', async () => {
    post.mockRejectedValueOnce(new ApiError(422, 'RM_ERROR_QUOTE_UNAVAILABLE', 'A quote is not available'));
    post.mockRejectedValueOnce(new ApiError(422, 'RM_ERROR_SERVICE_NOT_OFFERED', 'MELLO does not offer quotes'));
    await renderWithProviders(<PartnerQuoteOptions leaseId="lease-1" partners={['NUERA', 'MELLO']} />, { lang: 'en' });
    const nuera = screen.getByRole('region', { name: 'Nuera' });
    await userEvent.click(within(nuera).getByRole('button', { name: 'Get a quote' }));
    expect(await within(nuera).findByRole('alert')).toHaveTextContent('Please contact support');
    expect(within(nuera).queryByRole('button')).toBeNull();
    const mello = screen.getByRole('region', { name: 'Mello' });
    await userEvent.click(within(mello).getByRole('button', { name: 'Get a quote' }));
    expect(await within(mello).findByRole('alert')).toHaveTextContent('MELLO does not offer quotes');
    expect(within(mello).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows nothing when no partner is offered', async () => {
    await renderWithProviders(<PartnerQuoteOptions leaseId="lease-1" partners={[]} />, { lang: 'en' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
