// Every route area, registered under /api in this order.
import accountRoutes from './account/index.ts';
import adminRoutes from './admin/index.ts';
import apiKeyRoutes from './api-keys/index.ts';
import applicationRoutes from './applications/index.ts';
import authRoutes from './auth/index.ts';
import autopayRoutes from './autopay/index.ts';
import broadcastRoutes from './broadcast/index.ts';
import cashRoutes from './cash/index.ts';
import chargeRoutes from './charges/index.ts';
import companyRoutes from './company/index.ts';
import companyAlertRoutes from './company-alerts/index.ts';
import createRoutes from './create/index.ts';
import creditReportingRoutes from './credit-reporting/index.ts';
import creditReportsRoutes from './credit-reporting/reports.ts';
import customerRoutes from './customer/index.ts';
import documentsRoutes from './documents/index.ts';
import eventsRoutes from './events/index.ts';
import feeRoutes from './fees/index.ts';
import healthRoutes from './health/index.ts';
import insuranceRoutes from './insurance/index.ts';
import insuranceQuoteRoutes from './insurance/quotes.ts';
import leaseRoutes from './leases/index.ts';
import ledgerRoutes from './ledger/index.ts';
import mailRoutes from './mail/index.ts';
import microloanRoutes from './microloans/index.ts';
import notificationRoutes from './notifications/index.ts';
import oidcRoutes from './oidc/index.ts';
import operationsRoutes from './operations/index.ts';
import paymentMethodRoutes from './payment-methods/index.ts';
import paymentRoutes from './payments/index.ts';
import paymentModeRoutes from './payments/modes.ts';
import propertyRoutes from './properties/index.ts';
import recordsRoutes from './records/index.ts';
import screeningRoutes from './screenings/index.ts';
import searchRoutes from './search/index.ts';
import signupRoutes from './signup/index.ts';
import statsRoutes from './stats/index.ts';
import textMessageRoutes from './text-messages/index.ts';
import trackingRoutes from './tracking/index.ts';

export const routeAreas = [
  authRoutes,
  // issue 25: forgotten password, e-mail verification
  accountRoutes,
  healthRoutes,
  customerRoutes,
  searchRoutes,
  documentsRoutes,
  broadcastRoutes,
  companyAlertRoutes,
  adminRoutes,
  recordsRoutes,
  textMessageRoutes,
  createRoutes,
  paymentMethodRoutes,
  feeRoutes,
  paymentRoutes,
  paymentModeRoutes,
  cashRoutes,
  autopayRoutes,
  notificationRoutes,
  applicationRoutes,
  screeningRoutes,
  signupRoutes,
  creditReportingRoutes,
  insuranceRoutes,
  creditReportsRoutes,
  insuranceQuoteRoutes,
  trackingRoutes,
  microloanRoutes,
  // issue 23: company settings, properties and the company's onboarding / application pages
  companyRoutes,
  propertyRoutes,
  chargeRoutes,
  leaseRoutes,
  ledgerRoutes,
  // issue 24: the provider's statistics and KPIs
  statsRoutes,
  // issue 24: API keys and /authorizeapi
  apiKeyRoutes,
  // issue 24: sign-in with Google (/authorizeoauth)
  oidcRoutes,
  // issue 24: events and operations
  eventsRoutes,
  operationsRoutes,
  // issue 25: the sandbox inbox and the admin's mail outbox
  mailRoutes,
];
