// spec 1 §2 Shell / spec 2 §9: a modal asks the user to rotate to portrait "on a landscape phone (width below 950
// and height above 800)". Read as the window's width and height, the figures describe an upright phone (375×812),
// the opposite of what the prompt is for. Interpretation: the device is held in landscape, it is a phone or tablet
// (coarse primary pointer, so a narrow desktop window never asks), the viewport is narrower than 950, and the device's
// long screen side (max of screen width and height: on a phone, its portrait height) is above 800.
import { LANDSCAPE_MAX_WIDTH, LANDSCAPE_MIN_HEIGHT } from './constants.ts';

export interface RotatePromptInput {
  /** matchMedia('(orientation: landscape)') */
  landscape: boolean;
  /** matchMedia('(pointer: coarse)'): the primary pointer is a finger. */
  coarsePointer: boolean;
  /** window.innerWidth */
  viewportWidth: number;
  /** window.screen.width and height (their larger one is the device's long side, whatever the orientation). */
  screenWidth: number;
  screenHeight: number;
}

/** Whether to ask the user to rotate the device to portrait (see the interpretation above). */
export function shouldPromptRotateToPortrait(input: RotatePromptInput): boolean {
  return (
    input.landscape &&
    input.coarsePointer &&
    input.viewportWidth < LANDSCAPE_MAX_WIDTH &&
    Math.max(input.screenWidth, input.screenHeight) > LANDSCAPE_MIN_HEIGHT
  );
}
