import { describe, expect, it } from 'vitest';
import { hasEmailShape } from './email-shape.ts';

describe('hasEmailShape (spec 2 §5, §9)', () => {
  it.each([
    ['tenant@demo.test', true],
    ['first.last+rent@mail.example.ca', true],
    [`${'a'.repeat(243)}@example.com`, true], // 255 characters
    [`${'a'.repeat(244)}@example.com`, false], // 256 characters
    ['no-at-sign.example.com', false],
    ['.lead@example.com', false],
    ['dou..ble@example.com', false],
    ['name@host', false],
    ['', false],
  ])('%s → %s', (email, ok) => {
    expect(hasEmailShape(email)).toBe(ok);
  });
});
