// spec 1 §2 / §5: one saved payment method: logo or type icon, label (spec 1 §9), and a disclosure with its details.
import { Badge, Button, Card, Group, UnstyledButton } from '@mantine/core';
import type { AddressRecord, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { isCardExpired } from '@portal/domain/card-expiry';
import { addressLabel } from '@portal/domain/payment-methods';
import { type ReactNode, useId, useState } from 'react';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { BrandLogo } from './brand-logo';
import { countryName, formatExpiry, useLang } from './method-display';
import { MethodTypeIcon } from './method-type-icon';
import classes from './payments.module.css';

interface PaymentMethodCardProps {
  method: PaymentMethodRecord;
  label: string;
  billingAddress: AddressRecord | null;
  /** spec 1 §5: remove is disabled when every lease's company has onlyPMPaymentAllowed YES. */
  removeDisabled: boolean;
  /** Id of the text explaining why remove is disabled. */
  disabledReasonId?: string;
  onRemove: (method: PaymentMethodRecord) => void;
  /** 'YYYY-MM-DD' in the tenant's time zone, for the expired marker. */
  today: string;
}

const isCard = (type: string) => type === 'TYPE_CREDIT_CARD' || type === 'TYPE_INSTALLMENT_PAY' || type === 'TYPE_UNION_PAY';

function Chevron() {
  return (
    <svg className={classes.chevron} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The detail rows of a method, in the order a tenant reads them. */
function useDetailRows(method: PaymentMethodRecord, billingAddress: AddressRecord | null): [string, ReactNode][] {
  const { t } = useTranslation();
  const lang = useLang();
  const rows: [string, ReactNode][] = [];
  const add = (labelKey: string, value: ReactNode) => {
    if (value != null && value !== '') rows.push([t(labelKey), value]);
  };
  if (isCard(method.type)) {
    add('payments.methods.nameOnCard', method.nameOnCard);
    add('payments.methods.expiry', formatExpiry(method.expiryMonth, method.expiryYear));
    add('payments.methods.cardType', method.cardType ? t(`payments.methods.cardTypes.${method.cardType}`) : null);
    add('payments.methods.country', countryName(method.country, lang));
  } else if (method.type === 'TYPE_BANK_ACCOUNT') {
    add('payments.methods.bankName', method.bankName);
    add('payments.methods.accountHolder', method.accountHolder);
    add('payments.methods.accountNumber', method.last4 ? t('payments.methods.maskedNumber', { last4: method.last4 }) : null);
    // spec 1 §3: Canada has institution and transit numbers, the US a routing number
    if (method.institutionNumber || method.transitNumber) {
      add('payments.methods.institutionNumber', method.institutionNumber);
      add('payments.methods.transitNumber', method.transitNumber);
    } else {
      add('payments.methods.routingNumber', method.routingNumber);
    }
    add('payments.methods.country', countryName(method.country, lang));
  } else if (method.type === 'TYPE_PAY_PAL') {
    add('payments.methods.email', method.email);
  } else if (method.type === 'TYPE_WALLET') {
    add('payments.methods.walletType', method.walletType ? t(`payments.methods.walletTypes.${method.walletType}`) : null);
    add('payments.methods.validUntil', method.expireIn ? formatDate(method.expireIn, lang) : null);
  }
  if (billingAddress) add('payments.methods.billingAddress', addressLabel(billingAddress));
  return rows;
}

export function PaymentMethodCard({
  method,
  label,
  billingAddress,
  removeDisabled,
  disabledReasonId,
  onRemove,
  today,
}: PaymentMethodCardProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const rows = useDetailRows(method, billingAddress);
  const expired =
    isCard(method.type) &&
    method.expiryMonth != null &&
    method.expiryYear != null &&
    isCardExpired(method.expiryMonth, method.expiryYear, today);

  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <div className={classes.header}>
        {isCard(method.type) ? <BrandLogo brand={method.brand} /> : <MethodTypeIcon type={method.type} />}
        {/* WAI-ARIA disclosure: a button in a heading, pointing to the details it shows and hides */}
        <h3 className={classes.heading}>
          <UnstyledButton
            className={classes.disclosure}
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((e) => !e)}
          >
            <span className={classes.disclosureText}>
              {label}
              {expired && (
                <Badge ml="xs" color="red" variant="light" size="sm" component="span">
                  {t('payments.methods.expired')}
                </Badge>
              )}
            </span>
            <Chevron />
          </UnstyledButton>
        </h3>
      </div>
      <div id={detailsId} hidden={!expanded}>
        {rows.length > 0 && (
          <dl className={classes.details}>
            {rows.map(([term, value]) => (
              <div key={term} style={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <Group justify="flex-end" mt="sm">
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={removeDisabled}
            aria-describedby={removeDisabled ? disabledReasonId : undefined}
            aria-label={t('payments.methods.removeNamed', { label })}
            onClick={() => onRemove(method)}
          >
            {t('payments.methods.remove')}
          </Button>
        </Group>
      </div>
    </Card>
  );
}
