import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './services.module.css';

/**
 * One card of the services area: a titled region, the property named under the title when the tenant has several
 * leases, the body and its actions at the bottom (cards of one row line their buttons up).
 */
export function ServiceCard(props: {
  id: string;
  title: string;
  propertyName: string | null;
  media?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const titleId = `${props.id}-title`;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      className={classes.card}
      data-testid={props.testId}
    >
      {props.media && <Card.Section className={classes.media}>{props.media}</Card.Section>}
      <Title order={2} size="h4" id={titleId}>
        {props.title}
      </Title>
      {props.propertyName && (
        <Text size="sm" c="dimmed">
          {props.propertyName}
        </Text>
      )}
      <div className={classes.body}>{props.children}</div>
      {props.actions && <div className={classes.actions}>{props.actions}</div>}
    </Card>
  );
}
