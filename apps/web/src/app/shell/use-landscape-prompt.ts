// spec 1 §2 Shell / spec 2 §9: ask the user to rotate a landscape phone to portrait. The rule and how the spec's
// "width below 950 and height above 800" is read live in @portal/domain/rotate-prompt: a device held in landscape,
// with a coarse primary pointer (a phone, not a desktop window), a viewport under 950 wide and a long screen side
// above 800.
import { type RotatePromptInput, shouldPromptRotateToPortrait } from '@portal/domain/rotate-prompt';
import { useEffect, useState } from 'react';

const LANDSCAPE_QUERY = '(orientation: landscape)';
const COARSE_POINTER_QUERY = '(pointer: coarse)';

function readDevice(): RotatePromptInput {
  return {
    landscape: window.matchMedia(LANDSCAPE_QUERY).matches,
    coarsePointer: window.matchMedia(COARSE_POINTER_QUERY).matches,
    viewportWidth: window.innerWidth,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
  };
}

/** Whether to show the prompt; a dismissal holds until the device stops matching the rule. */
export function useLandscapePrompt(): { opened: boolean; dismiss: () => void } {
  const [matches, setMatches] = useState(() => shouldPromptRotateToPortrait(readDevice()));
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const check = () => {
      const now = shouldPromptRotateToPortrait(readDevice());
      setMatches(now);
      if (!now) setDismissed(false);
    };
    const orientation = window.matchMedia(LANDSCAPE_QUERY);
    const pointer = window.matchMedia(COARSE_POINTER_QUERY);
    window.addEventListener('resize', check);
    window.addEventListener('orientationchange', check);
    orientation.addEventListener?.('change', check);
    pointer.addEventListener?.('change', check);
    return () => {
      window.removeEventListener('resize', check);
      window.removeEventListener('orientationchange', check);
      orientation.removeEventListener?.('change', check);
      pointer.removeEventListener?.('change', check);
    };
  }, []);
  return { opened: matches && !dismissed, dismiss: () => setDismissed(true) };
}
