// The landscape prompt (spec 1 §2): only a phone held in landscape is asked to rotate (rule: @portal/domain/rotate-prompt).
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLandscapePrompt } from './use-landscape-prompt';

interface Device {
  width: number;
  height: number;
  coarse: boolean;
}

const originalMatchMedia = window.matchMedia;
let device: Device;

/** Puts the window, the screen and the media queries in the state of `next` (screen axes follow the orientation). */
function setDevice(next: Device) {
  device = next;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: next.width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: next.height });
  Object.defineProperty(window.screen, 'width', { configurable: true, value: next.width });
  Object.defineProperty(window.screen, 'height', { configurable: true, value: next.height });
}

const deviceMatchMedia = vi.fn((query: string) => ({
  get matches() {
    if (query === '(orientation: landscape)') return device.width > device.height;
    if (query === '(pointer: coarse)') return device.coarse;
    return false;
  },
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;

beforeEach(() => {
  window.matchMedia = deviceMatchMedia;
});
afterEach(() => {
  window.matchMedia = originalMatchMedia;
  setDevice({ width: 1024, height: 768, coarse: false });
});

describe('useLandscapePrompt', () => {
  it.each([
    ['an upright phone 375×812', 375, 812, true, false],
    ['a phone in landscape 812×375', 812, 375, true, true],
    ['a desktop window 900×600 with a mouse', 900, 600, false, false],
    ['a tall narrow desktop window 900×1000 with a mouse', 900, 1000, false, false],
  ])('%s', (_case, width, height, coarse, opened) => {
    setDevice({ width, height, coarse });
    const { result } = renderHook(() => useLandscapePrompt());
    expect(result.current.opened).toBe(opened);
  });

  it('appears when the phone turns to landscape; a dismissal holds until it turns back', () => {
    setDevice({ width: 390, height: 844, coarse: true });
    const { result } = renderHook(() => useLandscapePrompt());
    expect(result.current.opened).toBe(false);
    const turn = (next: Device) =>
      act(() => {
        setDevice(next);
        window.dispatchEvent(new Event('resize'));
      });
    turn({ width: 844, height: 390, coarse: true });
    expect(result.current.opened).toBe(true);
    act(() => result.current.dismiss());
    expect(result.current.opened).toBe(false);
    turn({ width: 844, height: 390, coarse: true });
    expect(result.current.opened).toBe(false);
    turn({ width: 390, height: 844, coarse: true });
    turn({ width: 844, height: 390, coarse: true });
    expect(result.current.opened).toBe(true);
  });
});
