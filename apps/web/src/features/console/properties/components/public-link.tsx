// issue 23 "Properties": a page's public link (spec 2 §2: a tenant signs up or applies from it) with a copy button, and
// the link a new page will have.
import { Anchor, Button, CopyButton, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import type { PageKind } from '../api/properties';

/** The public link as a tenant opens it (the API gives the path). */
export const absoluteLink = (path: string) => `${typeof window === 'undefined' ? '' : window.location.origin}${path}`;
export const previewLink = (kind: PageKind, name: string) =>
  `/signup/${encodeURIComponent(name)}?origin=${kind === 'on_boarding_page' ? 'onboarding' : 'application'}`;

/** The page's public link, and a button copying it. */
export function PublicLink({ path }: { path: string }) {
  const { t } = useTranslation();
  const link = absoluteLink(path);
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} id={labelId}>
        {t('admin.properties.pages.link')}
      </Text>
      <Anchor href={path} size="sm" style={{ wordBreak: 'break-all' }} aria-describedby={labelId}>
        {link}
      </Anchor>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} w="fit-content" aria-live="polite">
            {copied ? t('admin.properties.pages.editor.copied') : t('admin.properties.pages.editor.copyLink')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
