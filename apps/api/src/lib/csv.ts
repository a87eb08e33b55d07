// CSV writing shared by the console's downloads (the ledger's, issue 23; the KPI downloads, issue 24): one field escaper
// and one exact cents-to-decimal writer, so every spreadsheet the portal hands out is read the same way.

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a cell that a spreadsheet would run
 * as a formula (starting with = + - @) gets a leading ' (OWASP CSV injection), except a plain negative number.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line (CRLF ended, RFC 4180) of fields, each escaped. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Integer cents (a bigint from SQL, as text or number) as an exact decimal string: -123456 → "-1234.56". */
export function centsToDecimal(cents: string | number | bigint): string {
  const n = BigInt(cents);
  const abs = n < 0n ? -n : n;
  const whole = abs / 100n;
  const part = (abs % 100n).toString().padStart(2, '0');
  return `${n < 0n ? '-' : ''}${whole}.${part}`;
}
