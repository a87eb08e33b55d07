// spec 1 §2/§4, spec 2 §2: the dashboard's address may carry companyId (a link from a company's site or mail: that
// company's leases come first, docs/api-contract.md "Web addresses") and login=cr (the credit-reporting sign-up it
// opens: features/credit-reporting, issue 22). Both are read once, then cleaned from the address (a replace); other
// parameters stay: ?receipt= (issue 25, a receipt mail's or notice's link) is the past payments' to read and clean.
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

/** The parameters this hook reads (and cleans). */
const OWN_PARAMS = ['companyId', 'login'];

/** The address's dashboard query as it was on arrival; its parameters are cleaned from the address. */
export function useDashboardQuery(): DashboardQuery {
  const [params, setParams] = useSearchParams();
  const [query] = useState(() => readDashboardQuery(params));
  const hasQuery = OWN_PARAMS.some((name) => params.has(name));
  useEffect(() => {
    if (!hasQuery) return;
    // spec 1 §2: the address is cleaned (history.replaceState, no new history entry), of these parameters only: the
    // whole query once went, and with it a receipt link's ?receipt= before the receipt could open (issue 25)
    setParams(
      (current) => {
        const rest = new URLSearchParams(current);
        for (const name of OWN_PARAMS) rest.delete(name);
        return rest;
      },
      { replace: true },
    );
  }, [hasQuery, setParams]);
  return query;
}
