// spec 1 §2/§4, spec 2 §2: the dashboard's address may carry companyId (a link from a company's site or mail: that
// company's leases come first, docs/api-contract.md "Web addresses") and login=cr (the credit-reporting sign-up it
// opens: features/credit-reporting, issue 22). Both are read once, then the address is cleaned to its path (a replace).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';

export interface DashboardQuery {
  /** The company whose leases come first; null when none was asked. */
  companyId: string | null;
  /** login=cr: the credit-reporting sign-up was asked for. */
  creditReporting: boolean;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function readDashboardQuery(params: URLSearchParams): DashboardQuery {
  const companyId = params.get('companyId')?.trim() ?? '';
  return { companyId: ID.test(companyId) ? companyId : null, creditReporting: params.get('login') === 'cr' };
}

/** The address's dashboard query as it was on arrival; the address itself is cleaned to its path. */
export function useDashboardQuery(): DashboardQuery {
  const [params, setParams] = useSearchParams();
  const [query] = useState(() => readDashboardQuery(params));
  // (not params.size: Safari before 17 lacks it)
  const hasQuery = params.toString() !== '';
  useEffect(() => {
    // spec 1 §2: the address is cleaned to its path (history.replaceState, no new history entry)
    if (hasQuery) setParams('', { replace: true });
  }, [hasQuery, setParams]);
  return query;
}
