// The heading of a step of the add-method modal. When the tenant moves to another step, focus goes to its heading so
// that a screen reader announces where they are (the first step keeps the modal's own initial focus).
import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

export function StepHeading({ id, children, focusOnMount = true }: { id: string; children: string; focusOnMount?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <Title order={3} size="h5" id={id} ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      {children}
    </Title>
  );
}
