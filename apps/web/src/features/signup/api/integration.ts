import { api } from '../../../lib/api-client';
import type { SignupProperty } from './search-properties';

export interface IntegrationCustomer {
  id: string;
  customerNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  externalPropertyId: string;
  unit: string | null;
}

// spec 2 §7 Sign-up: POST /integration/tenant/search (by customer number); none → 404 RM_ERROR_SAP_NOT_FOUND
export const searchIntegrationTenant = (body: { integrationId: string; customerNumber: string }) =>
  api.post<{ records: IntegrationCustomer[] }>('/integration/tenant/search', body);

// spec 2 §7 Sign-up: POST /integration/property/search by the customer's external property id
export const searchIntegrationProperty = (body: { integrationId: string; externalPropertyId: string }) =>
  api.post<{ records: SignupProperty[] }>('/integration/property/search', body);
