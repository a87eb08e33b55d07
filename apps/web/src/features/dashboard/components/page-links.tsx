import { Button, Group } from '@mantine/core';
import { pageLinks } from '@portal/domain/display';
import { useTranslation } from '../../../lib/i18n';

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation landmark. */
  label: string;
}

/** spec 1 §2 / §9: up to 3 page links from the current page, plus previous and next. */
export function PageLinks({ page, totalPages, onChange, label }: Props) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const links = pageLinks(page, totalPages);
  return (
    <nav aria-label={label}>
      <Group gap={6} wrap="wrap">
        <Button variant="default" size="compact-sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          {t('dashboard.pagination.previous')}
        </Button>
        {links.map((p) => (
          <Button
            key={p}
            size="compact-sm"
            variant={p === page ? 'filled' : 'default'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('dashboard.pagination.page', { page: p })}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ))}
        <Button variant="default" size="compact-sm" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
          {t('dashboard.pagination.next')}
        </Button>
      </Group>
    </nav>
  );
}
