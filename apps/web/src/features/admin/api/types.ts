// docs/api-contract.md "Broadcast and admin": one tenant's lease as the admin area lists it.
export interface AdminTenantLease {
  leaseId: string;
  status: string;
  unit: string | null;
  /** null while the lease waits for its invited tenant (issue 23). */
  customer: { id: string; firstName: string; lastName: string; email: string } | null;
  property: { id: string; propertyName: string; city: string; province: string };
  /** The live invitation of a lease without tenant. */
  invitation: { email: string; state: 'PENDING' | 'EXPIRED' } | null;
}

// docs/api-contract.md "Screenings (issue 11)", manager decision: a PENDING application as the admin lists it.
export interface AdminApplication {
  id: string;
  status: string;
  pageName: string | null;
  propertyId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  applicationFeeAmount?: number | null;
  feeAmount?: number | null;
  submittedAt?: string | null;
  createDate: string;
  customer: { id: string; firstName: string; lastName: string; email: string } | null;
  joins: {
    property?: {
      id: string;
      propertyName: string;
      street1?: string | null;
      city?: string | null;
      province?: string | null;
      country?: string | null;
      postalCode?: string | null;
    } | null;
    lap?: { creditReportEnabled: boolean; backgroundCheckEnabled: boolean; incomeVerificationEnabled: boolean } | null;
    screenings?: { id: string; type: 'CREDIT' | 'BASIC'; status: string }[];
    incomeVerification?: { id: string; status: string } | null;
  };
}

/** POST /admin/lease_applications/{id}/approve body (dates YYYY-MM-DD, rent in dollars). */
export interface ApproveApplicationBody {
  startDate: string;
  endDate?: string;
  unit?: string;
  rentAmount?: number;
  monthlyPaymentDueDay?: number;
  comment?: string;
}

/** A self sign-up lease waiting for approval (GET /admin/pending_leases). */
export interface AdminPendingLease {
  id: string;
  status: string;
  origin: string;
  unit: string | null;
  accountId: string | null;
  residencyType: string | null;
  startDate: string | null;
  endDate: string | null;
  monthlyPaymentDueDay: number | null;
  createDate: string;
  customer: { id: string; firstName: string; lastName: string; email: string };
  property: {
    id: string;
    propertyName: string;
    street1: string | null;
    city: string | null;
    province: string | null;
    postalCode: string | null;
  };
}
