import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

const COLORS: Record<string, string> = { ACTIVE: 'green', PENDING: 'yellow', TERMINATED: 'gray', SUSPENDED: 'red' };

export function LeaseStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status] ?? 'blue'} variant="light">
      {t(`admin.leaseStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
