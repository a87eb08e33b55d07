import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { currencyForCountry } from '@portal/domain/money';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeaseApplication } from '../../../api/types';
import { formatAmount, formatDate } from '../../../lib/format';
import { countryName, useLang } from '../lib/locale';

type Row = Record<string, unknown>;
type FieldKind = 'text' | 'money' | 'date' | 'country' | 'enum';

// spec 2 §3: the lease application's parts shown read-only (spec 2 §2 Application view), field → how to show it.
const APPLICANT: [string, FieldKind][] = [
  ['firstName', 'text'],
  ['middleName', 'text'],
  ['lastName', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['birthDate', 'date'],
];
const ADDRESS: [string, FieldKind][] = [
  ['suite', 'text'],
  ['street1', 'text'],
  ['street2', 'text'],
  ['city', 'text'],
  ['province', 'text'],
  ['country', 'country'],
  ['postalCode', 'text'],
  ['monthsAtAddress', 'text'],
];
const OCCUPANT: [string, FieldKind][] = [
  ['names', 'text'],
  ['age', 'text'],
  ['relationship', 'text'],
  ['phone', 'text'],
  ['employment', 'enum'],
];
const EMPLOYMENT: [string, FieldKind][] = [
  ['employment', 'enum'],
  ['employerName', 'text'],
  ['occupation', 'text'],
  ['phone', 'text'],
  ['monthsEmployed', 'text'],
  ['monthlySalary', 'money'],
  ['otherIncome', 'money'],
];
const PERSON: [string, FieldKind][] = [
  ['name', 'text'],
  ['firstName', 'text'],
  ['lastName', 'text'],
  ['relationship', 'text'],
  ['phone', 'text'],
  ['email', 'text'],
];

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? v.filter(isRow) : isRow(v) ? [v] : []);

interface Props {
  application: LeaseApplication;
  status: string;
  opened: boolean;
  onClose: () => void;
}

/** spec 2 §2: read-only application view — applicant, property, address history, occupants, employment, references, emergency contact. */
export function ApplicationViewModal({ application, status, opened, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const property = application.joins.property;
  const currency = currencyForCountry(property?.country);

  const show = (value: unknown, kind: FieldKind, key: string): string => {
    if (value == null || value === '') return '';
    // issue 9: a code (EMPLOYED) is shown by its label in the UI's language; an unknown one in plain words.
    if (kind === 'enum' && typeof value === 'string') {
      const plain = value.replace(/_/g, ' ').toLowerCase();
      return t(`dashboard.applicationView.values.${key}.${value}`, {
        defaultValue: plain.charAt(0).toUpperCase() + plain.slice(1),
      });
    }
    if (kind === 'money' && (typeof value === 'number' || typeof value === 'string'))
      return formatAmount(Number(value), currency, lang);
    if (kind === 'date' && typeof value === 'string') return formatDate(value, lang);
    if (kind === 'country' && typeof value === 'string') return countryName(value, lang);
    if (typeof value === 'boolean') return value ? t('dashboard.applicationView.yes') : t('dashboard.applicationView.no');
    if (typeof value === 'string') return value.replace(/_/g, ' ');
    if (typeof value === 'number') return String(value);
    return '';
  };

  const fields = (row: Row, spec: [string, FieldKind][]) => {
    const shown = spec.map(([key, kind]) => [key, show(row[key], kind, key)] as const).filter(([, v]) => v !== '');
    if (shown.length === 0) return null;
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
        {shown.map(([key, value]) => (
          <Fragment key={key}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`dashboard.applicationView.fields.${key}`)}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Fragment>
        ))}
      </SimpleGrid>
    );
  };

  const section = (id: string, rows: Row[], spec: [string, FieldKind][]) => {
    const blocks = rows.map((row) => fields(row, spec)).filter((b) => b !== null);
    return (
      <section aria-labelledby={`app-view-${application.id}-${id}`}>
        <Title order={3} size="h5" id={`app-view-${application.id}-${id}`} mb={6}>
          {t(`dashboard.applicationView.sections.${id}`)}
        </Title>
        {blocks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.applicationView.none')}
          </Text>
        ) : (
          <Stack gap="sm">
            {blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only list in the record's own order
              <Fragment key={i}>
                {i > 0 && <Divider variant="dashed" />}
                {block}
              </Fragment>
            ))}
          </Stack>
        )}
      </section>
    );
  };

  const propertyRow: Row = property
    ? {
        propertyName: property.propertyName,
        street1: property.street1,
        street2: property.street2,
        city: property.city,
        province: property.province,
        country: property.country,
        postalCode: property.postalCode,
      }
    : {};

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dashboard.applicationView.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dashboard.close') }}
    >
      <Stack gap="lg" data-testid="application-view">
        <Text size="sm">
          <Text span fw={600}>
            {t('dashboard.applicationView.status')}
          </Text>{' '}
          {status}
        </Text>
        {section('applicant', [application as Row], APPLICANT)}
        {section('property', [propertyRow], [['propertyName', 'text'], ...ADDRESS])}
        {section('addresses', rowsOf(application.addresses), ADDRESS)}
        {section('occupants', rowsOf(application.otherOccupants), OCCUPANT)}
        {section('employment', rowsOf(application.employment), EMPLOYMENT)}
        {section('references', rowsOf(application.referenceList), PERSON)}
        {section('emergencyContact', rowsOf(application.emergencyContact), PERSON)}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dashboard.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
