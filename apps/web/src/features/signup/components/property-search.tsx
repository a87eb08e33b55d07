// spec 2 §2 Apply-now popup and property sign-up: search by zip/postal code (free text, no minimum length); results show
// a number, the property name and address, and the caller's actions.
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { MSG } from '@portal/domain/message-keys';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { type PropertySource, propertyAddress, type SignupProperty, useSignupProperties } from '../api/search-properties';

/**
 * spec 2 §8 "Property or company lookup failure": the lookup answered not found → the company (its property list) or
 * the property is not found, "contact your property manager or click Support".
 */
function useLookupFailure() {
  const { t } = useTranslation();
  return (error: unknown, source: PropertySource): string | null => {
    if (!(error instanceof ApiError) || error.status !== 404) return null;
    return t(source.kind === 'company' ? MSG.companyNotFound : MSG.propertyNotFound);
  };
}

export function PropertySearch({
  source,
  actions,
}: {
  source: PropertySource;
  actions: (property: SignupProperty) => ReactNode;
}) {
  const { t } = useTranslation();
  const lookupFailure = useLookupFailure();
  const [text, setText] = useState('');
  const [searchValue, setSearchValue] = useState('');
  const results = useSignupProperties(source, searchValue);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearchValue(text);
  };
  const records = results.data?.records ?? [];
  return (
    <Stack gap="sm">
      <form onSubmit={onSearch}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            flex={1}
            name="searchValue"
            label={t('signup.search.label')}
            placeholder={t('signup.search.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
            maxLength={100}
          />
          <Button type="submit" loading={results.isFetching}>
            {t('signup.search.submit')}
          </Button>
        </Group>
      </form>
      <div aria-live="polite">
        {results.isPending ? (
          <Group justify="center" p="sm">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Group>
        ) : results.isError ? (
          <Alert color="red" variant="light" role="alert">
            {lookupFailure(results.error, source) ?? (results.error.message || t('signup.search.loadError'))}
          </Alert>
        ) : records.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('signup.search.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('signup.search.count', { count: records.length })}
            </Text>
            <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('signup.search.results')}>
              {records.map((property, index) => (
                <Paper component="li" key={property.id} withBorder p="sm" radius="sm">
                  <Group justify="space-between" align="center" wrap="wrap" gap="xs">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <Text fw={700} c="dimmed" aria-hidden="true">
                        {index + 1}.
                      </Text>
                      <div>
                        <Text fw={600}>{property.propertyName}</Text>
                        <Text size="sm" c="dimmed">
                          {propertyAddress(property)}
                        </Text>
                      </div>
                    </Group>
                    <Group gap="xs">{actions(property)}</Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </Stack>
        )}
      </div>
    </Stack>
  );
}
