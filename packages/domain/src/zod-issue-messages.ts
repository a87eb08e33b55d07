// zod's own refusals as message keys of the locale files (issue 23 Standards: clear errors in the user's language):
// the API installs `zodIssueKey` as zod's global error map and translates the key per request; the web's forms pass it
// per parse. zod's bundled locales (z.locales.fr) are not used: a locale is one language for the whole process (the
// server answers English and French callers at once) and its texts name JavaScript types ("attendu que string ait
// ≤64 caractères") where ours speak to the person and the field is named by the field error.
import type { core } from 'zod';

/** The parts of a zod issue the messages read (an issue as the error map gets it, or as the API's refusal lists it). */
export interface ZodIssueLike {
  code?: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
  exact?: boolean;
  divisor?: unknown;
  keys?: readonly string[];
  values?: readonly unknown[];
}

const K = 'server.validation';

/** Every key `zodIssueKey` can answer (each exists in en.json and fr.json: zod-issue-messages.test.ts). */
export const ZOD_ISSUE_KEYS = {
  required: `${K}.required`,
  invalid: `${K}.invalid`,
  textTooLong: `${K}.text.tooLong`,
  textTooShort: `${K}.text.tooShort`,
  textExact: `${K}.text.exact`,
  numberTooBig: `${K}.number.tooBig`,
  numberBelow: `${K}.number.below`,
  numberTooSmall: `${K}.number.tooSmall`,
  numberAbove: `${K}.number.above`,
  notMultipleOf: `${K}.number.notMultipleOf`,
  listTooLong: `${K}.list.tooLong`,
  listTooShort: `${K}.list.tooShort`,
  dateTooLate: `${K}.date.tooLate`,
  dateTooEarly: `${K}.date.tooEarly`,
  fileTooLarge: `${K}.file.tooLarge`,
  typeText: `${K}.type.text`,
  typeNumber: `${K}.type.number`,
  typeInteger: `${K}.type.integer`,
  typeBoolean: `${K}.type.boolean`,
  typeList: `${K}.type.list`,
  typeObject: `${K}.type.object`,
  formatEmail: `${K}.format.email`,
  formatId: `${K}.format.id`,
  formatDate: `${K}.format.date`,
  formatDateTime: `${K}.format.dateTime`,
  formatTime: `${K}.format.time`,
  formatUrl: `${K}.format.url`,
  formatPhone: `${K}.format.phone`,
  formatOther: `${K}.format.other`,
  oneValue: `${K}.value.one`,
  oneOf: `${K}.value.oneOf`,
  unknownFields: `${K}.unknownFields`,
} as const;

const Z = ZOD_ISSUE_KEYS;
const SIZED_TOO_BIG: Record<string, string> = { string: Z.textTooLong, array: Z.listTooLong, set: Z.listTooLong };
const SIZED_TOO_SMALL: Record<string, string> = { string: Z.textTooShort, array: Z.listTooShort, set: Z.listTooShort };
const TYPE_KEYS: Record<string, string> = {
  string: Z.typeText,
  number: Z.typeNumber,
  bigint: Z.typeInteger,
  int: Z.typeInteger,
  boolean: Z.typeBoolean,
  array: Z.typeList,
  object: Z.typeObject,
  record: Z.typeObject,
  date: Z.formatDate,
};
const FORMAT_KEYS: Record<string, string> = {
  email: Z.formatEmail,
  uuid: Z.formatId,
  guid: Z.formatId,
  uuidv4: Z.formatId,
  uuidv6: Z.formatId,
  uuidv7: Z.formatId,
  cuid: Z.formatId,
  cuid2: Z.formatId,
  ulid: Z.formatId,
  nanoid: Z.formatId,
  date: Z.formatDate,
  datetime: Z.formatDateTime,
  time: Z.formatTime,
  url: Z.formatUrl,
  e164: Z.formatPhone,
};

/** The message key of a zod issue, by its code (and its origin, expected type or format). */
export function zodIssueKey(issue: ZodIssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      // a missing or null value of a required field: "required" rather than "expected a string"
      if (issue.input === undefined && 'input' in issue) return Z.required;
      return TYPE_KEYS[issue.expected ?? ''] ?? Z.invalid;
    case 'too_big': {
      if (issue.exact && issue.origin === 'string') return Z.textExact;
      const sized = SIZED_TOO_BIG[issue.origin ?? ''];
      if (sized) return sized;
      if (issue.origin === 'date') return Z.dateTooLate;
      if (issue.origin === 'file') return Z.fileTooLarge;
      return issue.inclusive === false ? Z.numberBelow : Z.numberTooBig;
    }
    case 'too_small': {
      if (issue.exact && issue.origin === 'string') return Z.textExact;
      // z.string().min(1): an empty text is a missing one
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return Z.required;
      const sized = SIZED_TOO_SMALL[issue.origin ?? ''];
      if (sized) return sized;
      if (issue.origin === 'date') return Z.dateTooEarly;
      return issue.inclusive === false ? Z.numberAbove : Z.numberTooSmall;
    }
    case 'invalid_format':
      return FORMAT_KEYS[issue.format ?? ''] ?? Z.formatOther;
    case 'not_multiple_of':
      return Z.notMultipleOf;
    case 'invalid_value':
      return (issue.values?.length ?? 0) === 1 ? Z.oneValue : Z.oneOf;
    case 'unrecognized_keys':
      return Z.unknownFields;
    default:
      // invalid_union, invalid_key, invalid_element, a custom check without a message of its own
      return Z.invalid;
  }
}

const shown = (v: unknown): string | number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? '';
};

/** The {{values}} of the message: the limits, the values allowed, the unknown fields. */
export function zodIssueValues(issue: ZodIssueLike): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  if (issue.maximum !== undefined)
    values.maximum = shown(issue.origin === 'date' ? new Date(Number(issue.maximum)) : issue.maximum);
  if (issue.minimum !== undefined)
    values.minimum = shown(issue.origin === 'date' ? new Date(Number(issue.minimum)) : issue.minimum);
  if (issue.exact) values.exact = shown(issue.maximum ?? issue.minimum);
  if (issue.divisor !== undefined) values.divisor = shown(issue.divisor);
  if (issue.values) {
    values.value = shown(issue.values[0]);
    values.values = issue.values.map(shown).join(', ');
  }
  if (issue.keys) values.keys = issue.keys.join(', ');
  return values;
}

/** zod's error map (global config or per parse): the message key of each issue a schema does not word itself. */
export const zodIssueErrorMap: core.$ZodErrorMap = (issue) => zodIssueKey(issue as ZodIssueLike);

/** Whether a message is one of this module's keys (its values are then `zodIssueValues` of the issue). */
export function isZodIssueKey(message: string): boolean {
  return message.startsWith(`${K}.`) && (Object.values(Z) as string[]).includes(message);
}
