// spec 1 §2 Shell / spec 2 §9: "ask the user to rotate to portrait ... (width below 950 and height above 800)".
// The condition is implemented exactly as the spec words it, even though it describes a tall window.
import { useEffect, useState } from 'react';

export const LANDSCAPE_MAX_WIDTH = 950;
export const LANDSCAPE_MIN_HEIGHT = 800;

export function matchesRotateRule(width: number, height: number): boolean {
  return width < LANDSCAPE_MAX_WIDTH && height > LANDSCAPE_MIN_HEIGHT;
}

/** Whether to show the prompt; a dismissal holds until the window stops matching the rule. */
export function useLandscapePrompt(): { opened: boolean; dismiss: () => void } {
  const [matches, setMatches] = useState(() => matchesRotateRule(window.innerWidth, window.innerHeight));
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const check = () => {
      const now = matchesRotateRule(window.innerWidth, window.innerHeight);
      setMatches(now);
      if (!now) setDismissed(false);
    };
    window.addEventListener('resize', check);
    window.addEventListener('orientationchange', check);
    return () => {
      window.removeEventListener('resize', check);
      window.removeEventListener('orientationchange', check);
    };
  }, []);
  return { opened: matches && !dismissed, dismiss: () => setDismissed(true) };
}
