// Issue 11 demo data (spec 2 §2 "Apply-now popup and property sign-up", §3 "Integration"): onboarding pages with and
// without auto-approval, and a company with an SAP integration whose customers are the sandbox's data.
// Links (web /signup/{page}?origin=onboarding):
//   maple-leaf-join   Maple Leaf Property Management, auto-approval (Harbourview V6Z 1M6, Metrotown V5H 4M1)
//   okanagan-join     Okanagan Rentals, no auto-approval: the lease waits for the manager (Kelowna V1W 1V4, V1W 3T1)
//   liberty-join      Liberty Homes LLC (US), auto-approval (Pike Street 98101, Capitol Hill 98102-4321)
//   northshore-join   Northshore Living Inc. (ON), SAP integration, auto-approval: customer number C-100234
//                     (sam.okafor@demo.test, property NS-1001 = Queen West Commons M6J 1E6, unit 1207) and C-100235
//                     (riley.gagnon@demo.test, NS-9999: no property, the "not found" message)
import type { AppContext } from '../context.ts';
import { companies, integrationCustomers, integrations, onBoardingPages, properties } from './schema.ts';
import { DEMO_IDS } from './seed-ids.ts';

export const SIGNUP_DEMO_IDS = {
  pageMapleLeaf: '00000000-0000-4000-8000-000000000901',
  pageOkanagan: '00000000-0000-4000-8000-000000000902',
  pageLiberty: '00000000-0000-4000-8000-000000000903',
  pageNorthshore: '00000000-0000-4000-8000-000000000904',
  companyIntegrated: '00000000-0000-4000-8000-000000000911',
  integrationSap: '00000000-0000-4000-8000-000000000921',
  propertyKelowna2: '00000000-0000-4000-8000-000000000931',
  propertyUs2: '00000000-0000-4000-8000-000000000932',
  propertyToronto: '00000000-0000-4000-8000-000000000933',
  propertyOttawa: '00000000-0000-4000-8000-000000000934',
  integrationCustomer: '00000000-0000-4000-8000-000000000941',
  integrationCustomerNoProperty: '00000000-0000-4000-8000-000000000942',
} as const;

export const SIGNUP_DEMO_PAGES = {
  autoApproval: 'maple-leaf-join',
  manualApproval: 'okanagan-join',
  us: 'liberty-join',
  integration: 'northshore-join',
} as const;

export async function seedDemoSignup(ctx: AppContext, _today: Date): Promise<void> {
  const I = DEMO_IDS;
  const S = SIGNUP_DEMO_IDS;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(integrations).values({
      id: S.integrationSap,
      integrationType: 'SAP',
      companyId: S.companyIntegrated,
      name: 'Northshore SAP (sandbox)',
    });
    await tx.insert(companies).values({
      id: S.companyIntegrated,
      name: 'Northshore Living Inc.',
      country: 'CA',
      manageBalance: 'YES',
      overpaymentAllowed: 'NO',
      acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT'],
      integrationId: S.integrationSap,
    });
    await tx.insert(properties).values([
      {
        id: S.propertyKelowna2,
        companyId: I.companyCa2,
        propertyName: 'Mission Creek Suites',
        street1: '3010 Lakeshore Road',
        city: 'Kelowna',
        province: 'BC',
        country: 'CA',
        postalCode: 'V1W 3T1',
      },
      {
        id: S.propertyUs2,
        companyId: I.companyUs,
        propertyName: 'Capitol Hill Commons',
        street1: '410 Broadway East',
        city: 'Seattle',
        province: 'WA',
        country: 'US',
        postalCode: '98102-4321',
      },
      {
        id: S.propertyToronto,
        companyId: S.companyIntegrated,
        propertyName: 'Queen West Commons',
        street1: '700 Queen Street West',
        city: 'Toronto',
        province: 'ON',
        country: 'CA',
        postalCode: 'M6J 1E6',
        propertyIdentifier: 'NS-1001',
      },
      {
        id: S.propertyOttawa,
        companyId: S.companyIntegrated,
        propertyName: 'Rideau Canal Lofts',
        street1: '150 Elgin Street',
        city: 'Ottawa',
        province: 'ON',
        country: 'CA',
        postalCode: 'K2P 1L4',
        propertyIdentifier: 'NS-1002',
      },
    ]);
    await tx.insert(onBoardingPages).values([
      { id: S.pageMapleLeaf, name: SIGNUP_DEMO_PAGES.autoApproval, companyId: I.companyCa, autoApproval: true },
      { id: S.pageOkanagan, name: SIGNUP_DEMO_PAGES.manualApproval, companyId: I.companyCa2, autoApproval: false },
      { id: S.pageLiberty, name: SIGNUP_DEMO_PAGES.us, companyId: I.companyUs, autoApproval: true },
      { id: S.pageNorthshore, name: SIGNUP_DEMO_PAGES.integration, companyId: S.companyIntegrated, autoApproval: true },
    ]);
    await tx.insert(integrationCustomers).values([
      {
        id: S.integrationCustomer,
        integrationId: S.integrationSap,
        customerNumber: 'C-100234',
        email: 'sam.okafor@demo.test',
        firstName: 'Sam',
        lastName: 'Okafor',
        externalPropertyId: 'NS-1001',
        unit: '1207',
      },
      {
        id: S.integrationCustomerNoProperty,
        integrationId: S.integrationSap,
        customerNumber: 'C-100235',
        email: 'riley.gagnon@demo.test',
        firstName: 'Riley',
        lastName: 'Gagnon',
        externalPropertyId: 'NS-9999',
        unit: '3',
      },
    ]);
  });
}
