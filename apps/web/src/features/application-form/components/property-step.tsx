// The property applied for: the page company's properties searched by postal/zip code or name (spec 2 §2: free text,
// no minimum length), one chosen with a radio; the chosen one is named above the list.
import { Alert, Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useErrorMessage } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { useSearchPageProperties } from '../api/search-page-properties';
import type { PageProperty } from '../api/types';
import { useApplicationForm, useFieldError } from './field-helpers';

/** One line of a property's address. */
export function propertyAddress(p: Pick<PageProperty, 'street1' | 'street2' | 'city' | 'province' | 'postalCode'>): string {
  return [p.street1, p.street2, p.city, p.province, p.postalCode].filter(Boolean).join(', ');
}

interface PropertyStepProps {
  pageName: string;
  /** The property stored on the application (its join), shown until a search finds it. */
  initialProperty: PageProperty | null;
  onChosen: (property: PageProperty) => void;
}

export function PropertyStep({ pageName, initialProperty, onChosen }: PropertyStepProps) {
  const { t } = useTranslation();
  const errorOf = useFieldError();
  const messageOf = useErrorMessage();
  const form = useApplicationForm();
  const search = useSearchPageProperties();
  const [searchValue, setSearchValue] = useState('');
  const [known, setKnown] = useState<PageProperty | null>(initialProperty);
  const propertyId = form.values.propertyId;
  const results = search.data?.records ?? [];
  const chosen = results.find((p) => p.id === propertyId) ?? (known?.id === propertyId ? known : null);

  // every property of the page at first (an empty search lists them all)
  const { mutate } = search;
  useEffect(() => {
    mutate({ pageName, searchValue: '' });
  }, [mutate, pageName]);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    search.mutate({ pageName, searchValue: searchValue.trim() });
  };

  return (
    <Stack gap="md">
      {chosen && (
        <Alert
          color="blue"
          variant="light"
          title={t('applicationForm.property.chosen')}
          role="status"
          data-testid="chosen-property"
        >
          <Text fw={600}>{chosen.propertyName}</Text>
          <Text size="sm">{propertyAddress(chosen)}</Text>
        </Alert>
      )}
      {/* a search box inside the step's form: Enter searches instead of going to the next step */}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('applicationForm.property.search')}
          description={t('applicationForm.property.searchHint')}
          value={searchValue}
          onChange={(e) => setSearchValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSearch(e);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="light" onClick={onSearch} loading={search.isPending}>
          {t('applicationForm.property.searchButton')}
        </Button>
      </Group>
      {search.isError ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(search.error)}
        </Alert>
      ) : search.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('common.loading')}
          </Text>
        </Group>
      ) : null}
      <Radio.Group
        name="propertyId"
        label={t('applicationForm.property.results', { count: results.length })}
        withAsterisk
        value={propertyId}
        onChange={(id) => {
          form.setValue('propertyId', id);
          const property = results.find((p) => p.id === id);
          if (property) {
            setKnown(property);
            onChosen(property);
          }
        }}
        error={errorOf('propertyId')}
      >
        {search.isSuccess && results.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs" role="status">
            {t('applicationForm.property.none')}
          </Text>
        ) : (
          <Stack gap="xs" mt="xs">
            {results.map((p, i) => (
              <Radio
                key={p.id}
                value={p.id}
                label={p.propertyName}
                description={propertyAddress(p)}
                // the group's error marks its first choice, where a refused Next puts the focus
                aria-invalid={i === 0 && errorOf('propertyId') ? true : undefined}
              />
            ))}
          </Stack>
        )}
      </Radio.Group>
    </Stack>
  );
}
