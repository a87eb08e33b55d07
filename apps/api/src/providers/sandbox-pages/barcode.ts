// An Interleaved 2 of 5 barcode (the numeric symbology of cash payment slips) as inline SVG: bars are <rect>
// elements with geometry attributes, so the page needs no inline style or script (strict content security policy).
import { escapeHtml } from './render.ts';

// Digit patterns: five elements each, N narrow, W wide.
const PATTERNS = ['NNWWN', 'WNNNW', 'NWNNW', 'WWNNN', 'NNWNW', 'WNWNN', 'NWWNN', 'NNNWW', 'WNNWN', 'NWNWN'];
const NARROW = 2;
const WIDE = 5;
const QUIET = 20;
const HEIGHT = 80;

/** The bar/space widths of an even-length digit string: start, interleaved digit pairs, stop. */
export function itfWidths(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error('Interleaved 2 of 5 needs an even number of digits');
  const widths = [NARROW, NARROW, NARROW, NARROW]; // start: bar space bar space
  for (let i = 0; i < digits.length; i += 2) {
    const bars = PATTERNS[Number(digits[i])];
    const spaces = PATTERNS[Number(digits[i + 1])];
    for (let k = 0; k < 5; k++) widths.push(bars[k] === 'W' ? WIDE : NARROW, spaces[k] === 'W' ? WIDE : NARROW);
  }
  widths.push(WIDE, NARROW, NARROW); // stop: bar space bar
  return widths;
}

/** The barcode as an <svg> image labelled for screen readers. */
export function renderItfBarcode(digits: string, label: string): string {
  const widths = itfWidths(digits);
  let x = QUIET;
  const bars: string[] = [];
  widths.forEach((w, i) => {
    if (i % 2 === 0) bars.push(`<rect x="${x}" y="0" width="${w}" height="${HEIGHT}"/>`);
    x += w;
  });
  const width = x + QUIET;
  return `<svg class="barcode" role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 ${width} ${HEIGHT}" width="100%" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="${width}" height="${HEIGHT}" fill="#ffffff"/><g fill="#000000">${bars.join('')}</g></svg>`;
}
