import { describe, expect, it } from 'vitest';
import { textReplyKeyword } from './text-messages.ts';

describe('textReplyKeyword', () => {
  it.each([
    ['STOP', 'STOP'],
    ['stop', 'STOP'],
    ['  Stop.  ', 'STOP'],
    ['unsubscribe please', 'STOP'],
    ['ARRÊT', 'STOP'],
    ['arret', 'STOP'],
    ['START', 'START'],
    ['start!', 'START'],
    ['Unstop', 'START'],
    ['yes', 'START'],
    ['Hello', null],
    ['', null],
    ['please stop', null],
  ])('%j → %s', (body, expected) => {
    expect(textReplyKeyword(body)).toBe(expected);
  });
});
