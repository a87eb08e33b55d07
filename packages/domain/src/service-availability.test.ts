import { describe, expect, it } from 'vitest';
import { type ServiceLease, serviceAvailability } from './service-availability.ts';

const allOn = { NUERA: { enabled: true }, MELLO: { enabled: true }, APOLLO: { enabled: true }, MANUAL: { enabled: true } };
function lease(over: { status?: string; company?: object; property?: object; parent?: object | null } = {}): ServiceLease {
  return {
    status: over.status ?? 'ACTIVE',
    joins: {
      company: {
        country: 'CA',
        serviceCreditReporting: {},
        conciergeEnabled: false,
        customCard: null,
        insuranceIntegration: allOn,
        microlendingEnabled: true,
        neobankPromotionEnabled: true,
        ...over.company,
      },
      parentCompany: over.parent === undefined ? null : (over.parent as ServiceLease['joins']['parentCompany']),
      property: {
        country: 'CA',
        province: 'BC',
        category: 'RESIDENTIAL',
        customCard: null,
        insuranceIntegration: allOn,
        monevoIntegration: { enabled: true },
        paypalCreditIntegration: { enabled: true },
        service_neofinancial: null,
        ...over.property,
      },
    },
  };
}

describe('serviceAvailability', () => {
  it('offers every service in BC with every switch on', () => {
    expect(serviceAvailability(lease())).toEqual({
      creditReporting: true,
      insurancePartners: ['NUERA', 'MELLO', 'APOLLO'],
      insuranceUpload: true,
      microloanPartners: ['MONEVO', 'PAYPAL_CREDIT'],
      customCard: null,
      concierge: false,
      neobankPromotion: true,
    });
  });

  it('follows spec 2 §9 by province: SK has the first and third partners and no credit reporting', () => {
    const a = serviceAvailability(lease({ property: { province: 'SK' } }));
    expect(a.insurancePartners).toEqual(['NUERA', 'APOLLO']);
    expect(a.creditReporting).toBe(false);
  });

  it('offers no partner in Quebec or the US, and no neobank promotion outside Canada', () => {
    expect(serviceAvailability(lease({ property: { province: 'QC' } })).insurancePartners).toEqual([]);
    const us = serviceAvailability(lease({ company: { country: 'US' }, property: { country: 'US', province: 'WA' } }));
    expect(us.insurancePartners).toEqual([]);
    expect(us.neobankPromotion).toBe(false);
    expect(us.creditReporting).toBe(false);
  });

  it('needs both the company and the property to switch an integration on', () => {
    const a = serviceAvailability(
      lease({
        company: { insuranceIntegration: { ...allOn, MELLO: { enabled: false } } },
        property: { insuranceIntegration: { NUERA: { enabled: true } } },
      }),
    );
    expect(a.insurancePartners).toEqual(['NUERA']);
    expect(a.insuranceUpload).toBe(false);
    expect(serviceAvailability(lease({ company: { insuranceIntegration: null } })).insurancePartners).toEqual([]);
  });

  it('offers insurance only on an ACTIVE lease (spec 2 §4)', () => {
    const a = serviceAvailability(lease({ status: 'INACTIVE' }));
    expect(a.insurancePartners).toEqual([]);
    expect(a.insuranceUpload).toBe(false);
  });

  it('limits credit reporting to the categories the company switched on', () => {
    expect(
      serviceAvailability(lease({ company: { serviceCreditReporting: { RESIDENTIAL: false, COMMERCIAL: true } } }))
        .creditReporting,
    ).toBe(false);
    expect(serviceAvailability(lease({ company: { serviceCreditReporting: { RESIDENTIAL: true } } })).creditReporting).toBe(true);
  });

  it('shows microloan partners only when the company allows microlending and the property switches each on', () => {
    expect(serviceAvailability(lease({ company: { microlendingEnabled: false } })).microloanPartners).toEqual([]);
    expect(serviceAvailability(lease({ property: { paypalCreditIntegration: null } })).microloanPartners).toEqual(['MONEVO']);
  });

  it("takes the property's custom card, else the company's, else the parent company's", () => {
    const card = (t: string) => ({
      enabled: true,
      cardTitle: t,
      cardText: 'x',
      buttonCaption: 'Go',
      buttonUrl: 'https://example.test',
    });
    expect(serviceAvailability(lease({ parent: { customCard: card('Parent') } })).customCard?.cardTitle).toBe('Parent');
    expect(
      serviceAvailability(lease({ company: { customCard: card('Company') }, parent: { customCard: card('Parent') } })).customCard
        ?.cardTitle,
    ).toBe('Company');
    expect(
      serviceAvailability(lease({ property: { customCard: card('Property') }, company: { customCard: card('Company') } }))
        .customCard?.cardTitle,
    ).toBe('Property');
    expect(serviceAvailability(lease({ property: { customCard: { enabled: false, cardTitle: 'Off' } } })).customCard).toBeNull();
  });

  it('lets a property opt out of the neobank promotion', () => {
    expect(serviceAvailability(lease({ property: { service_neofinancial: { enabled: false } } })).neobankPromotion).toBe(false);
  });

  it('offers nothing on a TERMINATED lease, but keeps the offers of a PENDING one (moving in)', () => {
    const card = { enabled: true, cardTitle: 'Amenities', buttonUrl: 'https://example.test' };
    const over = { company: { conciergeEnabled: true, customCard: card } };
    expect(serviceAvailability(lease({ ...over, status: 'TERMINATED' }))).toMatchObject({
      microloanPartners: [],
      customCard: null,
      concierge: false,
      neobankPromotion: false,
    });
    expect(serviceAvailability(lease({ ...over, status: 'PENDING' }))).toMatchObject({
      microloanPartners: ['MONEVO', 'PAYPAL_CREDIT'],
      customCard: card,
      concierge: true,
      neobankPromotion: true,
    });
  });
});
