// A manager's posted charge or credit (issue 23 "Charges", POST /open_charge/create): one definition for the API that
// answers it and the console modal that reads it.

export type PostKind = 'CHARGE' | 'CREDIT';

export interface PostedOpenCharge {
  id: string;
  billingAccountId: string;
  code: string | null;
  name: string;
  dueDate: string;
  postMonth: string | null;
  amount: number;
  balance: number;
  description: string | null;
}

export interface PostChargeResult {
  kind: PostKind;
  leaseId: string;
  openCharge: PostedOpenCharge | null;
  transaction: {
    id: string;
    confirmationId: string | null;
    transactionType: string;
    status: string;
    amount: number;
    currency: string;
    createDate: string;
    charges: { code?: string; name: string; amount: number }[];
  } | null;
  /** The lease's credit not yet applied to a charge, after this post. */
  unappliedCredit: number;
  /** The lease's open balance (its open charges' balances), after this post. */
  balance: number;
}
