import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// WCAG 2.2 AA (1.4.3 contrast, 4.5:1 for text): Mantine's default shade 6 puts white text on blue at 3.6:1 and red at
// 3.5:1, and its dimmed grey (gray 6) at 3.3:1 on white. Shade 8/9 and gray 7 meet AA in light mode.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  // Light variants (active nav link, light buttons and badges) put shade 6 text on a pale tint: shade 9 meets AA.
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    // Field errors (red 6 is 3.3:1 on white).
    '--mantine-color-error': t.colors.red[9],
    '--mantine-primary-color-light-color': t.colors.blue[9],
    '--mantine-color-blue-light-color': t.colors.blue[9],
    '--mantine-color-red-light-color': t.colors.red[9],
    // Mantine's darkest yellow (#e67700) is 2.7:1 on the yellow tint: a dark amber reads at 5:1.
    '--mantine-color-yellow-light-color': '#7a4a00',
    '--mantine-color-green-light-color': t.colors.green[9],
    '--mantine-color-orange-light-color': t.colors.orange[9],
  },
  dark: {},
});
