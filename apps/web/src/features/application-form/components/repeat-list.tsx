// A list of entries the tenant adds and removes (addresses, occupants, references): each entry a fieldset titled
// "Address 1"…, a remove button per entry, an add button up to the maximum.
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import classes from './application-form.module.css';

interface RepeatListProps {
  /** The entries' stable keys (useFieldArray's ids), in order. */
  keys: readonly string[];
  max: number;
  /** "Address {{n}}" for entry n (1-based). */
  entryTitle: (n: number) => string;
  renderEntry: (index: number) => ReactNode;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  /** Shown when there is no entry. */
  emptyText: string;
  /** The list's own error (e.g. at least one address). */
  error?: string;
}

export function RepeatList({ keys, max, entryTitle, renderEntry, onAdd, onRemove, addLabel, emptyText, error }: RepeatListProps) {
  const { t } = useTranslation();
  const count = keys.length;
  return (
    <Stack gap="md">
      {count === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
      {keys.map((key, index) => (
        <fieldset key={key} className={classes.entry}>
          <legend className={classes.entryLegend}>{entryTitle(index + 1)}</legend>
          <Stack gap="sm">
            {renderEntry(index)}
            <Group justify="flex-end">
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => onRemove(index)}
                aria-label={t('applicationForm.list.removeNamed', { name: entryTitle(index + 1) })}
              >
                {t('applicationForm.list.remove')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      ))}
      {error && (
        <Text size="sm" c="red.8" role="alert" data-list-error>
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={onAdd} disabled={count >= max}>
          {addLabel}
        </Button>
        {count >= max && (
          <Text size="sm" c="dimmed">
            {t('applicationForm.list.max', { max })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
