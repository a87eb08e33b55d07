/**
 * spec 1 §4: after a STOP reply the tenant re-enables text messages by texting START to this number.
 * The spec does not give it: this is the portal's pay-by-text sending number. 555-01xx numbers are reserved
 * for fiction in North America, so the demo never points anyone at a real line; set the production short
 * code here once the SMS provider assigns it.
 */
export const TEXT_START_NUMBER = '1-844-555-0134';
