import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

interface PageContainerProps {
  /** Translated page heading; also the document title. */
  title: string;
  /** Optional content right of the heading (actions). */
  actions?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** The common frame of a screen: one h1, the document title, a readable width. */
export function PageContainer({ title, actions, children, size = 'lg' }: PageContainerProps) {
  useDocumentTitle(title);
  return (
    <Container size={size} px={0} w="100%">
      <Stack gap="md">
        <Stack gap="xs" style={{ flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          {actions}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
