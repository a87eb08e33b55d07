// spec 2 §4: "pending approval by manager" while PENDING, else "{status} by Property Manager" with the manager's comment
// as a tooltip (shown on hover and on keyboard focus: components/tooltip.tsx).
import { Badge, Group, Text } from '@mantine/core';
import { insuranceStatusDisplay } from '@portal/domain/insurance';
import { Tooltip } from '../../../components/tooltip';
import { useTranslation } from '../../../lib/i18n';
import type { InsurancePolicy } from '../api/insurance-policies';
import classes from './insurance.module.css';

const COLOR: Record<string, string> = { APPROVED: 'green', REJECTED: 'red', PENDING: 'yellow' };

export function PolicyStatus({ policy }: { policy: InsurancePolicy }) {
  const { t } = useTranslation();
  const display = insuranceStatusDisplay(policy);
  const status = policy.approvalStatus;
  // the status word in the user's language (APPROVED → "Approved" / « Approuvée »), the domain's wording otherwise
  const known = status === 'APPROVED' || status === 'REJECTED';
  const text = display.values
    ? t(display.key, { status: known ? t(`insurance.approval.${status}`) : display.values.status })
    : t(display.key);
  return (
    <Group gap={6} wrap="wrap" align="center">
      <Badge
        color={COLOR[status] ?? 'gray'}
        variant="light"
        classNames={{ root: classes.statusBadge, label: classes.statusLabel }}
      >
        {text}
      </Badge>
      {display.tooltip && (
        <Tooltip label={display.tooltip} align="end" width={260}>
          {(trigger) => (
            <button type="button" className={classes.commentButton} {...trigger}>
              <Text span size="xs">
                {t('insurance.policy.comment')}
              </Text>
            </button>
          )}
        </Tooltip>
      )}
    </Group>
  );
}
