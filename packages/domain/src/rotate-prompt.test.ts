import { describe, expect, it } from 'vitest';
import { shouldPromptRotateToPortrait } from './rotate-prompt.ts';

// [case, landscape, coarse pointer, viewport width, screen width, screen height, prompt]
const CASES: [string, boolean, boolean, number, number, number, boolean][] = [
  ['upright phone 375×812', false, true, 375, 375, 812, false],
  ['phone in landscape 812×375', true, true, 812, 812, 375, true],
  ['desktop window 900×600, mouse', true, false, 900, 1920, 1080, false],
  ['narrow desktop window, mouse', false, false, 900, 1920, 1080, false],
  ['small phone in landscape 667×375 (long side 667)', true, true, 667, 667, 375, false],
  ['long side 800 exactly', true, true, 800, 800, 360, false],
  ['long side 801', true, true, 801, 801, 360, true],
  ['viewport 949 wide', true, true, 949, 949, 430, true],
  ['viewport 950 wide', true, true, 950, 950, 430, false],
  ['tablet in landscape 1024×768', true, true, 1024, 1024, 768, false],
  ['screen reported in portrait axes while landscape', true, true, 844, 390, 844, true],
];

describe('shouldPromptRotateToPortrait (spec 1 §2 landscape rule)', () => {
  it.each(CASES)('%s', (_case, landscape, coarsePointer, viewportWidth, screenWidth, screenHeight, prompt) => {
    expect(shouldPromptRotateToPortrait({ landscape, coarsePointer, viewportWidth, screenWidth, screenHeight })).toBe(prompt);
  });
});
