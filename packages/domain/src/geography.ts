// Country, province and state lists of spec 1 §9 (country dropdown) and spec 2 §9 (13 Canadian provinces and territories).

export interface Region {
  code: string;
  en: string;
  fr: string;
}

// spec 1 §9 / spec 2 §9: 13 Canadian provinces and territories
export const CA_PROVINCES: readonly Region[] = [
  { code: 'AB', en: 'Alberta', fr: 'Alberta' },
  { code: 'BC', en: 'British Columbia', fr: 'Colombie-Britannique' },
  { code: 'MB', en: 'Manitoba', fr: 'Manitoba' },
  { code: 'NB', en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  { code: 'NL', en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  { code: 'NS', en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  { code: 'NT', en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  { code: 'NU', en: 'Nunavut', fr: 'Nunavut' },
  { code: 'ON', en: 'Ontario', fr: 'Ontario' },
  { code: 'PE', en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  { code: 'QC', en: 'Quebec', fr: 'Québec' },
  { code: 'SK', en: 'Saskatchewan', fr: 'Saskatchewan' },
  { code: 'YT', en: 'Yukon', fr: 'Yukon' },
];

// French names that differ from the English ones (Office québécois de la langue française usage)
const US_FR: Record<string, string> = {
  CA: 'Californie',
  CO: 'Colorado',
  FL: 'Floride',
  GA: 'Géorgie',
  HI: 'Hawaï',
  LA: 'Louisiane',
  NM: 'Nouveau-Mexique',
  NY: 'New York',
  NC: 'Caroline du Nord',
  ND: 'Dakota du Nord',
  PA: 'Pennsylvanie',
  SC: 'Caroline du Sud',
  SD: 'Dakota du Sud',
  VA: 'Virginie',
  WV: 'Virginie-Occidentale',
};

// spec 1 §9: 50 US states
export const US_STATES: readonly Region[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code, en: name, fr: US_FR[code] ?? name }));

// spec 1 §9: plus DC and the territories
export const US_DISTRICT_AND_TERRITORIES: readonly Region[] = [
  { code: 'DC', en: 'District of Columbia', fr: 'District de Columbia' },
  { code: 'AS', en: 'American Samoa', fr: 'Samoa américaines' },
  { code: 'GU', en: 'Guam', fr: 'Guam' },
  { code: 'MP', en: 'Northern Mariana Islands', fr: 'Îles Mariannes du Nord' },
  { code: 'PR', en: 'Puerto Rico', fr: 'Porto Rico' },
  { code: 'VI', en: 'U.S. Virgin Islands', fr: 'Îles Vierges des États-Unis' },
  { code: 'UM', en: 'U.S. Minor Outlying Islands', fr: 'Îles mineures éloignées des États-Unis' },
];

// spec 1 §9: US list = 50 states, DC and territories
export const US_REGIONS: readonly Region[] = [...US_STATES, ...US_DISTRICT_AND_TERRITORIES];

/**
 * ISO 3166-1 alpha-2 codes of the country dropdown other than CA and US (spec 1 §9: Canada and US
 * first). Names come from Intl.DisplayNames in the reader's language (countryName).
 */
export const OTHER_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM ' +
  'JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP ' +
  'MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN ' +
  'TO TR TT TV TW TZ UA UG UM UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

// spec 1 §9: country list with Canada and US first
export const COUNTRY_CODES: readonly string[] = ['CA', 'US', ...OTHER_COUNTRY_CODES];

// Built once per language: an Intl.DisplayNames per call cost the country list ~250 of them per render.
const regionNames = new Map<'en' | 'fr', Intl.DisplayNames>();
const countryLists = new Map<'en' | 'fr', readonly { code: string; name: string }[]>();

// The names almost every address shows, without building Intl.DisplayNames (its first use loads the region names of
// the language: tens of milliseconds on a phone). The same names Intl gives (geography.test.ts checks).
const HOME_COUNTRY_NAMES: Record<'en' | 'fr', Record<string, string>> = {
  en: { CA: 'Canada', US: 'United States' },
  fr: { CA: 'Canada', US: 'États-Unis' },
};

/** A country's name in the reader's language ('CA' → 'Canada', 'US' → 'États-Unis'). */
export function countryName(code: string, locale: 'en' | 'fr'): string {
  const home = HOME_COUNTRY_NAMES[locale][code];
  if (home) return home;
  try {
    let names = regionNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale === 'fr' ? 'fr-CA' : 'en-CA'], { type: 'region' });
      regionNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Dropdown options: Canada and US first, then the others sorted by name in the reader's language. */
export function countryOptions(locale: 'en' | 'fr'): { code: string; name: string }[] {
  let list = countryLists.get(locale);
  if (!list) {
    const collator = new Intl.Collator(locale === 'fr' ? 'fr-CA' : 'en-CA');
    const rest = OTHER_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    list = [{ code: 'CA', name: countryName('CA', locale) }, { code: 'US', name: countryName('US', locale) }, ...rest];
    countryLists.set(locale, list);
  }
  // A copy: callers may change what they get.
  return list.map((option) => ({ ...option }));
}

// spec 1 §2: province / state dropdown by country (CA → provinces and territories, US → states, DC, territories)
export function regionsForCountry(country: string | null | undefined): readonly Region[] {
  if (country === 'CA') return CA_PROVINCES;
  if (country === 'US') return US_REGIONS;
  return [];
}

export function regionName(country: string | null | undefined, code: string | null | undefined, locale: 'en' | 'fr'): string {
  const r = regionsForCountry(country).find((x) => x.code === code);
  return r ? r[locale] : (code ?? '');
}

export function isValidRegion(country: string | null | undefined, code: string | null | undefined): boolean {
  return regionsForCountry(country).some((r) => r.code === code);
}
