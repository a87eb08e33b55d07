// Bank holidays for autopay business days (spec 2 §9; issue 10: "weekends and Canadian/US bank holidays per the
// company's country; a well-kept holiday library, not a hand-written list"). The dates come from `date-holidays`; this
// file only chooses which of its holidays close the banks:
// - US (Federal Reserve / ACH non-settlement days): the library's `public` holidays (New Year, MLK, Washington's
//   Birthday, Memorial Day, Juneteenth, Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving,
//   Christmas) with their Monday substitute when one falls on a Sunday. A Saturday holiday's Friday substitute is
//   dropped: the Federal Reserve stays open that Friday.
// - CA (Payments Canada non-processing days): the library's national `public` holidays (New Year, Good Friday, Canada
//   Day, Labour Day, Christmas) and, from its federal calendar (province ON gives the dates, the days are federal),
//   Victoria Day, Civic Holiday, National Day for Truth and Reconciliation, Thanksgiving, Remembrance Day and Boxing
//   Day. Provincial-only days (Family Day, Easter Monday, Saint-Jean-Baptiste) stay business days for the clearing
//   system.
import { type IsHoliday, isWeekend } from '@portal/domain/business-days';
import { addDays } from '@portal/domain/dates';
import Holidays from 'date-holidays';

const CA_FEDERAL_EXTRA = new Set([
  'Victoria Day',
  'Civic Holiday',
  'National Day for Truth and Reconciliation',
  'Thanksgiving',
  'Remembrance Day',
  'Boxing Day',
]);

type BankCountry = 'CA' | 'US';

function holidaysOfYear(country: BankCountry, year: number): Set<string> {
  const days = new Set<string>();
  if (country === 'US') {
    for (const h of new Holidays('US').getHolidays(year)) {
      if (h.type !== 'public') continue;
      const date = h.date.slice(0, 10);
      if (h.substitute && new Date(`${date}T00:00:00Z`).getUTCDay() === 5) continue;
      days.add(date);
    }
    return days;
  }
  const federal = (name: string) => CA_FEDERAL_EXTRA.has(name.replace(/ \(substitute day\)$/, ''));
  // National holidays (and their substitutes); Truth and Reconciliation is an `observance` there
  for (const h of new Holidays('CA').getHolidays(year)) {
    if (h.type === 'public' || federal(h.name)) days.add(h.date.slice(0, 10));
  }
  for (const h of new Holidays('CA', 'ON').getHolidays(year)) if (federal(h.name)) days.add(h.date.slice(0, 10));
  // Payments Canada observes a holiday that falls on a weekend on the next weekday not already a holiday
  // (Christmas on a Saturday → Monday, Boxing Day on the Sunday → Tuesday); the library gives no CA substitutes.
  for (const date of [...days].sort()) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) continue;
    let d = date;
    do d = addDays(d, 1);
    while (isWeekend(d) || days.has(d));
    days.add(d);
  }
  return days;
}

const cache = new Map<string, Set<string>>();

/** The bank-holiday predicate of a company's country (CA when unknown: the portal's home market). */
export function bankHolidays(country: string | null | undefined): IsHoliday {
  const c: BankCountry = country === 'US' ? 'US' : 'CA';
  return (isoDate) => {
    const year = Number(isoDate.slice(0, 4));
    const key = `${c}:${year}`;
    let days = cache.get(key);
    if (!days) {
      days = holidaysOfYear(c, year);
      cache.set(key, days);
    }
    return days.has(isoDate);
  };
}
