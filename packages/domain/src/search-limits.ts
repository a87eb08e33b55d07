// Bounds of POST /{recordType}/search (ARCHITECTURE "Searches": searches are bounded; issue 9 "Fair use"). The API
// refuses a search beyond them with a 400 naming the field; docs/api-contract.md "Searches" lists them.

// spec 2 §7: the property searches ask for recordsPerPage=400, the largest page the specification uses
export const SEARCH_MAX_RECORDS_PER_PAGE = 400;
export const SEARCH_DEFAULT_RECORDS_PER_PAGE = 20;
/** Highest page number (a page beyond the last one answers no records). */
export const SEARCH_MAX_PAGE = 1_000_000;
// Ours (the specification gives none): the portal's widest search has 1 condition and 3 joins; planning time grows
// with the number of conditions, and 20 leaves ample room
export const SEARCH_MAX_CONDITIONS = 20;
export const SEARCH_MAX_JOINS = 10;
/** Values of one IN condition. */
export const SEARCH_MAX_IN_VALUES = 400;
/**
 * Values in all the conditions of one search (an IN list counts each of its values): what a search costs to parse,
 * check and plan grows with it (issue 9: 50 IN lists of 400 values took 80 ms of the database's single thread).
 */
export const SEARCH_MAX_VALUES = 1000;
/** Characters of one text value. */
export const SEARCH_MAX_TEXT_LENGTH = 1000;
/** Characters of a field or join name. */
export const SEARCH_MAX_NAME_LENGTH = 100;
/** On PostgreSQL a search statement stops after this long (57014) and the caller is asked to narrow it. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;
