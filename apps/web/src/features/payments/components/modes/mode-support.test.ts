import { describe, expect, it } from 'vitest';
import { isIosSafari } from './mode-support';
import { IPHONE_SAFARI } from './test/harness';

const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IOS_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP_SAFARI = IPAD_AS_MAC;

describe('isIosSafari (spec 1 §4: the iOS redirect confirm)', () => {
  it.each([
    ['iPhone Safari', IPHONE_SAFARI, 5, true],
    ['iPad Safari presenting as a Mac (touch)', IPAD_AS_MAC, 5, true],
    ['desktop Safari on a Mac (no touch)', DESKTOP_SAFARI, 0, false],
    ['Chrome on iOS', IOS_CHROME, 5, false],
    ['Chrome on Android', ANDROID_CHROME, 5, false],
    ['empty', '', 0, false],
  ])('%s → %s', (_name, ua, touch, expected) => {
    expect(isIosSafari(ua, touch)).toBe(expected);
  });
});
