// One query-key factory per entity (STYLE: medusa admin hooks): all / lists / list(q) / details / detail(id).
function factory<Name extends string>(name: Name) {
  return {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (q: unknown) => [name, 'list', q] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  };
}

export const customerKeys = factory('customer');
export const leaseKeys = factory('property_lease');
export const openChargeKeys = factory('open_charge');
export const transactionKeys = factory('payment_transaction');
export const scheduleKeys = factory('recurring_schedule');
export const documentKeys = factory('document');
export const applicationKeys = factory('lease_application');
export const applicationPageKeys = factory('lease_application_page');
export const broadcastKeys = factory('broadcast');
export const companyKeys = factory('company');
export const propertyKeys = factory('property');
export const adminTenantKeys = factory('admin_tenant');
export const paymentMethodKeys = factory('payment_method');
export const addressKeys = factory('address');
export const feeProfileKeys = factory('fee_profile');
export const cashSlipKeys = factory('cash_slip');
export const notificationKeys = factory('notification');
export const adminApplicationKeys = factory('admin_lease_application');
export const adminPendingLeaseKeys = factory('admin_pending_lease');
export const signupPageKeys = factory('signup_page');
export const signupPropertyKeys = factory('signup_property');
export const creditReportFileKeys = factory('credit_report_file');
