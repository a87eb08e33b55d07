// spec 1 §8 ("Payment methods may need re-entry after security changes (one-time alert for listed companies)") and
// spec 2 §8 ("Re-entry and fee-change alerts: one-time alerts for listed companies"): the company flags a manager or
// admin sets, and the alerts a tenant with a lease there is shown once (issue 21 §2). No zod here: the payment page
// reads the text keys (the route schemas live in apps/api/src/routes/company-alerts).

export const COMPANY_ALERTS = ['PAYMENT_METHOD_REENTRY', 'SERVICE_FEE_CHANGE'] as const;
export type CompanyAlert = (typeof COMPANY_ALERTS)[number];

export interface CompanyAlertRecord {
  companyId: string;
  companyName: string;
  alert: CompanyAlert;
}

/** The locale key of each alert's text (common.companyAlerts.*). */
export const COMPANY_ALERT_TEXT_KEYS: Record<CompanyAlert, string> = {
  PAYMENT_METHOD_REENTRY: 'common.companyAlerts.paymentMethodReentry',
  SERVICE_FEE_CHANGE: 'common.companyAlerts.serviceFeeChange',
};
