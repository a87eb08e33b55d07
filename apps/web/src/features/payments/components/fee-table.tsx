// spec 1 §9 / spec 2 §9: a company's fee profiles as an accessible table (caption, column and row headers) that
// scrolls sideways on a phone.
import { Table } from '@mantine/core';
import type { FeeProfileRecord } from '@portal/domain/api-shapes';
import { feeTooltip, formatRate, isFeeFree } from '@portal/domain/fees';
import { MSG } from '@portal/domain/message-keys';
import { currencyForCountry } from '@portal/domain/money';
import { paymentMethodTypeKey } from '@portal/domain/payment-method-label';
import { useId } from 'react';
import { Tooltip } from '../../../components/tooltip';
import { useTranslation } from '../../../lib/i18n';
import { BrandLogo } from './brand-logo';
import { countryName, useLang } from './method-display';
import classes from './payments.module.css';

/** Shown where a column does not apply to the row (a bank fee has no card type). */
const NOT_APPLICABLE = '—';

const isCardType = (type: string) => type === 'TYPE_CREDIT_CARD' || type === 'TYPE_INSTALLMENT_PAY' || type === 'TYPE_UNION_PAY';

function useFeeRow() {
  const { t } = useTranslation();
  const lang = useLang();
  return (p: FeeProfileRecord) => {
    const typeKey = paymentMethodTypeKey(p.paymentType);
    const typeName = typeKey ? t(typeKey) : p.paymentType;
    const card = isCardType(p.paymentType);
    const paymentType = p.padSchedule ? t('payments.fees.autopayType', { type: typeName }) : typeName;
    const cardType = card
      ? p.cardType
        ? t(`payments.methods.cardTypes.${p.cardType}`)
        : t('payments.fees.any')
      : NOT_APPLICABLE;
    const currency = currencyForCountry(p.country);
    // spec 1 §9: a fee of 0 or paid by the company shows 'Free' (a zero rate charges nothing whatever the amount)
    const free = isFeeFree(Math.round(p.feeRate * 100), p.paidByCompany);
    const shown = (rate: string) => (p.feeType === 'SUBTRACT' ? t('payments.fees.subtracted', { rate }) : rate);
    const feeRate = free ? t(MSG.feeFree) : shown(formatRate(p.feeRate, p.rateType, currency, lang));
    // as calculateFee: an international card pays the international rate when the profile has one, else the rate
    const intlRate = p.internationalFeeRate ?? p.feeRate;
    const intlType = p.internationalFeeRate != null ? (p.internationalRateType ?? p.rateType) : p.rateType;
    const internationalRate = !card
      ? NOT_APPLICABLE
      : isFeeFree(Math.round(intlRate * 100), p.paidByCompany)
        ? t(MSG.feeFree)
        : shown(formatRate(intlRate, intlType, currency, lang));
    // spec 1 §9: the tooltip names payment type, card type, country, fee rate and international rate (translated here)
    const tip = feeTooltip(p, lang);
    const tooltip = t(tip.key, {
      ...tip.values,
      paymentType,
      cardType,
      country: countryName(p.country, lang),
      feeRate,
      internationalRate,
    });
    const name = card ? t('payments.fees.rowName', { type: paymentType, cardType }) : paymentType;
    return { paymentType, cardType, card, feeRate, internationalRate, tooltip, name, country: countryName(p.country, lang) };
  };
}

export function FeeTable({ caption, profiles }: { caption: string; profiles: readonly FeeProfileRecord[] }) {
  const { t } = useTranslation();
  const captionId = useId();
  const rowOf = useFeeRow();
  return (
    // A focusable scrolling region (a labelled section), so a keyboard can scroll the table sideways (WCAG 2.1.1)
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className={classes.tableScroll} aria-labelledby={captionId} tabIndex={0}>
      <Table striped withTableBorder verticalSpacing="xs" miw={640}>
        <Table.Caption id={captionId} className={classes.caption}>
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payments.fees.paymentType')}</Table.Th>
            <Table.Th scope="col">{t('payments.fees.cardType')}</Table.Th>
            <Table.Th scope="col">{t('payments.fees.cardBrand')}</Table.Th>
            <Table.Th scope="col">{t('payments.fees.country')}</Table.Th>
            <Table.Th scope="col">{t('payments.fees.feeRate')}</Table.Th>
            <Table.Th scope="col">{t('payments.fees.internationalRate')}</Table.Th>
            <Table.Th scope="col">{t('payments.fees.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {profiles.map((p) => {
            const row = rowOf(p);
            return (
              <Table.Tr key={p.id}>
                <Table.Th scope="row" fw={500}>
                  {row.paymentType}
                </Table.Th>
                <Table.Td>{row.cardType}</Table.Td>
                <Table.Td>
                  {!row.card ? (
                    NOT_APPLICABLE
                  ) : p.cardBrand ? (
                    <span className={classes.brandCell}>
                      <BrandLogo brand={p.cardBrand} size={28} decorative />
                      {t(`payments.brands.${p.cardBrand}`)}
                    </span>
                  ) : (
                    t('payments.fees.anyBrand')
                  )}
                </Table.Td>
                <Table.Td>{row.country}</Table.Td>
                <Table.Td>{row.feeRate}</Table.Td>
                <Table.Td>{row.internationalRate}</Table.Td>
                <Table.Td>
                  <Tooltip label={row.tooltip} align="end" width={240}>
                    {(trigger) => (
                      <button
                        type="button"
                        className={classes.infoButton}
                        {...trigger}
                        aria-label={t('payments.fees.detailsFor', { name: row.name })}
                      >
                        {t('payments.fees.detailsButton')}
                      </button>
                    )}
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </section>
  );
}
