// issue 20: a lease's balance split as a tenant reads it: what is overdue (due before today, spec 2 §4), what is due
// later this month (payable now, spec 1 §5, not late yet) and what is coming due in a later month, with the next date.
// "Overdue" never sits on a total that holds charges not yet due.
import { monthIndex } from './dates.ts';
import { toCents } from './money.ts';

export interface BalanceCharge {
  /** 'YYYY-MM-DD' (a time part is ignored). */
  dueDate: string;
  /** The charge's remaining balance, decimal as the API carries it. */
  balance: number | string;
}

export interface BalanceBreakdown {
  /** Every open charge's balance (credits included): the lease's balance. */
  totalCents: number;
  /** Due before today. */
  overdueCents: number;
  /** Due from today to the end of this month. */
  dueThisMonthCents: number;
  /** Due in a later month. */
  comingDueCents: number;
  /** The earliest due date of the charges coming due in a later month (null: none). */
  nextComingDueDate: string | null;
}

export function balanceBreakdown(openCharges: readonly BalanceCharge[] | null | undefined, today: string): BalanceBreakdown {
  const day = today.slice(0, 10);
  const month = monthIndex(day);
  const out: BalanceBreakdown = {
    totalCents: 0,
    overdueCents: 0,
    dueThisMonthCents: 0,
    comingDueCents: 0,
    nextComingDueDate: null,
  };
  for (const charge of openCharges ?? []) {
    const cents = toCents(charge.balance);
    out.totalCents += cents;
    if (cents <= 0) continue; // a credit is in the balance, never "due"
    const due = charge.dueDate.slice(0, 10);
    if (due < day) out.overdueCents += cents;
    else if (monthIndex(due) <= month) out.dueThisMonthCents += cents;
    else {
      out.comingDueCents += cents;
      if (out.nextComingDueDate === null || due < out.nextComingDueDate) out.nextComingDueDate = due;
    }
  }
  return out;
}
