import { describe, expect, it } from 'vitest';
import {
  broadcastAlertKind,
  CARD_BRANDS,
  CASH_PAYMENT_METHOD_TYPES,
  isManagerDocument,
  PAYMENT_METHOD_TYPES,
  PREFERRED_CONTACT_METHODS,
  toLanguageCode,
} from './entities.ts';

describe('entities', () => {
  it('has the nine brands, three contact methods and every cash type among method types', () => {
    expect(CARD_BRANDS).toHaveLength(9);
    expect(PREFERRED_CONTACT_METHODS).toHaveLength(3);
    for (const t of CASH_PAYMENT_METHOD_TYPES) expect(PAYMENT_METHOD_TYPES).toContain(t);
  });
  it.each([
    ['fr', 'fr'],
    ['en', 'en'],
    ['es', 'en'],
    [null, 'en'],
  ])('language %s → %s', (v, out) => {
    expect(toLanguageCode(v)).toBe(out);
  });
  it.each([
    ['CRITICAL', 'alert'],
    ['WARNING', 'warning'],
    ['INFO', 'info'],
    ['OTHER', 'info'],
  ])('broadcast %s → %s', (s, kind) => {
    expect(broadcastAlertKind(s)).toBe(kind);
  });
  it.each([
    ['TYPE_MANAGER', true],
    ['TYPE_ADMIN', true],
    ['TYPE_CUSTOMER', false],
  ])('manager document %s → %s', (o, m) => {
    expect(isManagerDocument(o)).toBe(m);
  });
});
