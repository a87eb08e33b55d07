// issue 23 "Properties": the rules of a company's onboarding and lease application pages (spec 2 §2 self sign-up,
// §3 application template), one definition for the API that enforces them and the console's editors that offer them.

/** A page name is the last part of its public link: lower-case letters, digits and single hyphens. */
export const PAGE_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PAGE_NAME_MAX_LENGTH = 64;
/** An application fee: at most 8 digits before the decimals (spec 2 §9 currency amounts). */
export const APPLICATION_FEE_MAX_CENTS = 9_999_999_999;
/** The custom fields one application page may carry (ours: the spec gives no bound). */
export const APPLICATION_PAGE_MAX_CUSTOM_FIELDS = 30;
/**
 * A custom field's id keys the tenant's answer (`customFields.<id>` in the application form's paths and fieldErrors):
 * letters, digits, '_' and '-' only, so a dot or a space can never split the path.
 */
export const CUSTOM_FIELD_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** spec 2 §3 joins.lap: the screening checks an application page asks for (its switches). */
export const APPLICATION_PAGE_SCREENINGS = [
  'creditReportEnabled',
  'backgroundCheckEnabled',
  'identityVerificationEnabled',
  'incomeVerificationEnabled',
] as const;

/** What a typed page name becomes: lower case, spaces and underscores as hyphens (the rule still checks the rest). */
export function normalizePageNameInput(raw: string): string {
  return raw.toLowerCase().replace(/[\s_]+/g, '-');
}

/** A new custom field's id from its English label ('Number of vehicles' → 'numberOfVehicles'), unique among `taken`. */
export function customFieldIdFor(label: string, taken: Iterable<string>): string {
  const words = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  const base =
    words
      .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)))
      .join('')
      .slice(0, 40) || 'field';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}
