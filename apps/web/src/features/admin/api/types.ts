// docs/api-contract.md "Broadcast and admin": one tenant's lease as the admin area lists it.
export interface AdminTenantLease {
  leaseId: string;
  status: string;
  unit: string | null;
  customer: { id: string; firstName: string; lastName: string; email: string };
  property: { id: string; propertyName: string; city: string; province: string };
}
