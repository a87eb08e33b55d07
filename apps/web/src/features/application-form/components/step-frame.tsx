// One step of the form: a fieldset whose legend is the step's heading (focused when the step changes, so keyboard and
// screen-reader users start at its top), an optional explanation, then the step's fields.
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import classes from './application-form.module.css';

interface StepFrameProps {
  title: string;
  description?: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}

export function StepFrame({ title, description, headingRef, children }: StepFrameProps) {
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1} className={classes.heading}>
          {title}
        </Title>
      </legend>
      <Stack gap="md">
        {description && (typeof description === 'string' ? <Text size="sm">{description}</Text> : description)}
        {children}
      </Stack>
    </fieldset>
  );
}
