import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import classes from './theme.module.css';

// WCAG 2.2 AA (issue 9), measured by axe-core in e2e/accessibility.spec.ts: 4.5:1 for text (1.4.3), 3:1 for the
// boundaries of controls (1.4.11), a visible focus ring on every control (2.4.7). Mantine's defaults miss it: white on
// blue 6 is 3.6:1, dimmed grey (gray 6) 3.3:1, error red 6 3.3:1, the light variants' shade 9 on shade 1 is 3.6–4.3:1
// for green, teal, orange and yellow, and input borders (gray 4) are 1.5:1. Ratios below are on white unless said.
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons, links and outlines take shade 8: white on blue 8 is 5.0:1, on red 8 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  focusRing: 'auto',
  // Plain objects, not `Input.extend(…)` (which only types its argument): naming the components here put Input,
  // Checkbox, Radio and Switch, with their sheets, in the code every first load runs (issue 9).
  components: {
    // Text inputs: a 3:1 border and a 2px focus ring (Mantine only recolours the 1px border on focus).
    Input: { classNames: { wrapper: classes.inputWrapper, input: classes.input } },
    Checkbox: { classNames: { input: classes.checkbox } },
    Radio: { classNames: { radio: classes.radio } },
    RadioIndicator: { classNames: { indicator: classes.radioIndicator } },
    Switch: { classNames: { track: classes.switchTrack } },
    // A modal's header is a <header>, which makes a second banner landmark inside the dialog (axe
    // landmark-no-duplicate-banner, landmark-unique): a plain block does the same job.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/** Text and filled backgrounds of one colour that meet AA (text on the light variant's shade 1 and hover shade 2). */
function colour(name: string, { filled, filledHover, text }: { filled?: string; filledHover?: string; text: string }) {
  return {
    ...(filled && {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: filledHover ?? filled,
      [`--mantine-color-${name}-outline`]: filled,
      [`--mantine-color-${name}-text`]: filled,
    }),
    [`--mantine-color-${name}-light-color`]: text,
  };
}

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    // 8.2:1 (gray 7); on the gray 0 page background 7.8:1.
    '--mantine-color-dimmed': t.colors.gray[7],
    // Placeholders are text too: 4.9:1 (gray 5 was 2.1:1), still lighter than the value typed.
    '--mantine-color-placeholder': '#6b7178',
    // Field errors: red 9, 5.5:1.
    '--mantine-color-error': t.colors.red[9],
    // Light variants (badges, light buttons and alerts, the active nav link): ≥ 4.5:1 on shade 1 and on hover shade 2.
    ...colour('blue', { text: '#0f5a9c' }),
    '--mantine-primary-color-light-color': '#0f5a9c',
    ...colour('red', { text: '#a61e1e' }),
    // Green, teal and orange filled (white text): 5.4, 5.0 and 5.2:1 instead of 3.5, 4.0 and 3.6:1.
    ...colour('green', { filled: '#1e7a34', filledHover: '#1a6b2d', text: '#1b6b2e' }),
    ...colour('teal', { filled: t.colors.teal[9], filledHover: '#06694b', text: '#06694b' }),
    ...colour('orange', { filled: '#c2410c', filledHover: '#b03a0a', text: '#a33a00' }),
    // Mantine's darkest yellow (#e67700) is 2.7:1 on the yellow tint: a dark amber reads at 6.3:1.
    ...colour('yellow', { text: '#7a4a00' }),
    ...colour('cyan', { text: '#0a6474' }),
  },
  dark: {},
});
