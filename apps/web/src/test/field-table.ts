// Reading what a test screen shows with the plain spaces the tests write where Intl puts no-break ones, and a field
// table (the receipt, the payment summary: components/field-table rows keyed by data-field).

/** The text with its no-break spaces (U+00A0, U+202F) made plain. */
export const normalizeSpaces = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The value cell of the `field` row under `root`, spaces made plain; null when the table has no such row. */
export function fieldValue(root: ParentNode, field: string): string | null {
  const row = root.querySelector(`tr[data-field="${field}"]`);
  return row ? normalizeSpaces(row.querySelector('td')?.textContent) : null;
}

/** The receipt's row headers in order, in English (spec 1 §9). */
export const RECEIPT_FIELD_LABELS = [
  'Confirmation ID',
  'Transaction ID',
  'Date',
  'Property',
  'Payment method',
  'Type',
  'Status',
  'Source',
  'Note',
  'Paid to',
  'Amount',
  'Fees',
  'Total',
];
