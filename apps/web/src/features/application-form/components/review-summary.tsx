// The review of every answered section (the terms step, and the read-only view of a submitted application): one
// table per section, the asked fields only.
import { Stack, Text, Title } from '@mantine/core';
import { type ApplicationPageLike, isFieldAsked, isSectionShown } from '@portal/domain/application-form';
import { countryName } from '@portal/domain/geography';
import { currencyForCountry } from '@portal/domain/money';
import type { ReactNode } from 'react';
import { type FieldRow, FieldTable } from '../../../components/field-table';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApplicationPage, PageProperty } from '../api/types';
import type { ApplicationFormValues, YesNo } from '../forms/draft-values';
import { customFieldLabel } from './custom-fields-step';
import { propertyAddress } from './property-step';

interface ReviewSummaryProps {
  page: ApplicationPage;
  values: ApplicationFormValues;
  property: PageProperty | null;
}

function Section({ title, rows, empty }: { title: string; rows: FieldRow[]; empty?: string }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {rows.length > 0 ? (
        <FieldTable rows={rows} boldField="" />
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

export function ReviewSummary({ page, values, property }: ReviewSummaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const none = t('applicationForm.review.none');
  const yesNo = (v: YesNo | string) => (v === 'yes' ? t('applicationForm.yes') : v === 'no' ? t('applicationForm.no') : '');
  const shown = (v: ReactNode) => (v === '' || v == null ? '—' : v);
  const rowsOf = (prefix: string, section: '3' | '5' | '6' | '7' | '8' | null, entries: [string, ReactNode][]): FieldRow[] =>
    entries
      .filter(([field]) => section === null || isFieldAsked(page as ApplicationPageLike, section, field))
      .map(([field, value]) => [field, t(`applicationForm.${prefix}.${field}`), shown(value)]);

  const applicant: FieldRow[] = (
    [
      ['firstName', values.firstName],
      ['middleName', values.middleName],
      ['lastName', values.lastName],
      ['email', values.email],
      ['phone', values.phone],
      ['birthDate', formatDate(values.birthDate, lang)],
      ['sinLast3', values.sinLast3 ? `•••••• ${values.sinLast3}` : ''],
    ] as [string, string][]
  ).map(([field, value]) => [field, t(`applicationForm.fields.${field}`), shown(value)]);

  const employmentStatus = values.employment.employment
    ? t(`applicationForm.employmentStatus.${values.employment.employment}`)
    : '';
  const currency = currencyForCountry(page.country);
  const money = (v: string) => (v && Number.isFinite(Number(v)) ? formatAmount(Number(v), currency, lang) : v);

  return (
    <Stack gap="md" data-testid="application-review">
      <Section title={t('applicationForm.steps.applicant')} rows={applicant} />
      <Section
        title={t('applicationForm.steps.property')}
        rows={property ? [['property', property.propertyName, propertyAddress(property)]] : []}
        empty={none}
      />
      {isSectionShown(page, '3') &&
        (values.addresses.length === 0 ? (
          <Section title={t('applicationForm.steps.addresses')} rows={[]} empty={none} />
        ) : (
          values.addresses.map((a, i) => (
            <Section
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the form's order
              key={i}
              title={t('applicationForm.address.entry', { n: i + 1 })}
              rows={rowsOf('address', '3', [
                ['suite', a.suite],
                ['street1', a.street1],
                ['street2', a.street2],
                ['city', a.city],
                ['province', a.province],
                ['country', a.country ? countryName(a.country, lang) : ''],
                ['postalCode', a.postalCode],
                ['monthsAtAddress', a.monthsAtAddress],
              ])}
            />
          ))
        ))}
      {values.otherOccupants.length === 0 ? (
        <Section title={t('applicationForm.steps.occupants')} rows={[]} empty={none} />
      ) : (
        values.otherOccupants.map((o, i) => (
          <Section
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the form's order
            key={i}
            title={t('applicationForm.occupant.entry', { n: i + 1 })}
            rows={rowsOf('occupant', null, [
              ['names', o.names],
              ['age', o.age],
              ['relationship', o.relationship],
              ['employment', o.employment ? t(`applicationForm.employmentStatus.${o.employment}`) : ''],
              ['phone', o.phone],
            ])}
          />
        ))
      )}
      {isSectionShown(page, '5') && (
        <Section
          title={t('applicationForm.steps.employment')}
          rows={rowsOf('employment', '5', [
            ['employment', employmentStatus],
            ['employerName', values.employment.employerName],
            ['occupation', values.employment.occupation],
            ['phone', values.employment.phone],
            ['monthsEmployed', values.employment.monthsEmployed],
            ['monthlySalary', money(values.employment.monthlySalary)],
            ['otherIncome', money(values.employment.otherIncome)],
          ])}
        />
      )}
      {isSectionShown(page, '6') &&
        (values.referenceList.length === 0 ? (
          <Section title={t('applicationForm.steps.references')} rows={[]} empty={none} />
        ) : (
          values.referenceList.map((r, i) => (
            <Section
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the form's order
              key={i}
              title={t('applicationForm.reference.entry', { n: i + 1 })}
              rows={rowsOf('reference', '6', [
                ['name', r.name],
                ['relationship', r.relationship],
                ['phone', r.phone],
                ['email', r.email],
              ])}
            />
          ))
        ))}
      {isSectionShown(page, '7') && (
        <Section
          title={t('applicationForm.steps.otherInfo')}
          rows={rowsOf('otherInfo', '7', [
            [
              'maritalStatus',
              values.otherInfo.maritalStatus ? t(`applicationForm.maritalStatus.${values.otherInfo.maritalStatus}`) : '',
            ],
            ['pets', yesNo(values.otherInfo.pets)],
            ['smoking', yesNo(values.otherInfo.smoking)],
            ['bankruptcy', yesNo(values.otherInfo.bankruptcy)],
          ])}
        />
      )}
      {isSectionShown(page, '8') && (
        <Section
          title={t('applicationForm.steps.emergencyContact')}
          rows={rowsOf('emergencyContact', '8', [
            ['firstName', values.emergencyContact.firstName],
            ['lastName', values.emergencyContact.lastName],
            ['relationship', values.emergencyContact.relationship],
            ['phone', values.emergencyContact.phone],
            ['email', values.emergencyContact.email],
          ])}
        />
      )}
      {page.customFields.length > 0 && (
        <Section
          title={t('applicationForm.steps.customFields')}
          rows={page.customFields.map((field) => {
            const v = values.customFields[field.id] ?? '';
            const text = field.type === 'YES_NO' ? yesNo(v) : field.type === 'DATE' ? formatDate(v, lang) : v;
            return [field.id, customFieldLabel(field, lang), shown(text)];
          })}
        />
      )}
    </Stack>
  );
}
