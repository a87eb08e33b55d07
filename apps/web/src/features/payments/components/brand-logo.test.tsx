import { CARD_BRANDS } from '@portal/domain/entities';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BrandLogo } from './brand-logo';

describe('BrandLogo (spec 1 §9: nine brands)', () => {
  it.each([
    ['VISA', 'Visa'],
    ['VISA_ELECTRON', 'Visa Electron'],
    ['MASTERCARD', 'Mastercard'],
    ['AMERICAN_EXPRESS', 'American Express'],
    ['DINERS_CLUB', 'Diners Club'],
    ['UNION_PAY', 'UnionPay'],
    ['MAESTRO', 'Maestro'],
    ['DISCOVER', 'Discover'],
    ['JCB', 'JCB'],
  ])('draws %s as one image named %s', async (brand, name) => {
    await renderWithProviders(<BrandLogo brand={brand} size={48} />);
    const logo = screen.getByRole('img', { name });
    expect(logo).toHaveAttribute('data-brand', brand);
    expect(logo).toHaveAttribute('width', '48');
    expect(logo).toHaveAttribute('height', '32');
  });

  it('covers every brand of the domain', () => {
    expect(CARD_BRANDS).toHaveLength(9);
  });

  it('draws a plain card for an unknown or missing brand', async () => {
    await renderWithProviders(
      <>
        <BrandLogo brand={null} />
        <BrandLogo brand="NOT_A_BRAND" />
      </>,
      { lang: 'fr' },
    );
    const logos = screen.getAllByRole('img', { name: 'Carte' });
    expect(logos.map((l) => l.getAttribute('data-brand'))).toEqual(['unknown', 'unknown']);
  });

  it('is hidden from assistive technology when decorative', async () => {
    const { container } = await renderWithProviders(<BrandLogo brand="VISA" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
