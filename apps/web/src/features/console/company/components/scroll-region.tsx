// A table that may scroll sideways on a narrow screen: the scrolling box is a named region keyboard users can focus
// and scroll (axe scrollable-region-focusable; WCAG 2.1.1), unlike Mantine's Table.ScrollContainer.
import type { ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to be scrolled by keyboard
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </section>
  );
}
