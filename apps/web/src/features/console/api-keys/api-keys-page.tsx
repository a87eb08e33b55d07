// issue 24 "Access for machines" (spec 2 §7 /authorizeapi): the console's API keys (/admin/api-keys): a manager's keys of
// their company, the admin's of every company. Create one (name, company for the admin, read-only scopes), see it once
// to copy, list them by prefix with last use and creator, revoke one (refused at once, with its tokens).
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState, useErrorMessage } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useSessionUser } from '../../../lib/use-session-user';
import { AdminLayout } from '../../admin';
import { useConsoleCompanies } from '../company/api/company-settings';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope, useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys';

type Field = 'name' | 'companyId' | 'scopes';

export function ApiKeysPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = user?.type === 'TYPE_ADMIN';
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const errorMessage = useErrorMessage();

  return (
    <AdminLayout>
      <PageContainer title={t('admin.apiKeys.title')}>
        <Text>{t('admin.apiKeys.intro')}</Text>
        <CreateKeyForm isAdmin={isAdmin} />
        <Title order={2} size="h3">
          {t('admin.apiKeys.listTitle')}
        </Title>
        {keys.isPending ? (
          <LoadingState />
        ) : keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.records.length === 0 ? (
          <Text c="dimmed">{t('admin.apiKeys.none')}</Text>
        ) : (
          <KeyTable keys={keys.data.records} showCompany={isAdmin} onRevoke={setRevoking} />
        )}
        <ConfirmDialog
          opened={revoking !== null}
          title={t('admin.apiKeys.revokeTitle')}
          confirmLabel={t('admin.apiKeys.revoke')}
          danger
          loading={revoke.isPending}
          error={revoke.isError ? errorMessage(revoke.error) : null}
          onCancel={() => {
            revoke.reset();
            setRevoking(null);
          }}
          onConfirm={() => {
            if (!revoking) return;
            revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
          }}
        >
          {revoking ? t('admin.apiKeys.revokeText', { name: revoking.name, prefix: revoking.prefix }) : ''}
        </ConfirmDialog>
      </PageContainer>
    </AdminLayout>
  );
}

function KeyTable({ keys, showCompany, onRevoke }: { keys: ApiKey[]; showCompany: boolean; onRevoke: (k: ApiKey) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.apiKeys.name')}</Table.Th>
            {showCompany && <Table.Th>{t('admin.apiKeys.company')}</Table.Th>}
            <Table.Th>{t('admin.apiKeys.prefix')}</Table.Th>
            <Table.Th>{t('admin.apiKeys.scopes')}</Table.Th>
            <Table.Th>{t('admin.apiKeys.lastUsed')}</Table.Th>
            <Table.Th>{t('admin.apiKeys.createdBy')}</Table.Th>
            <Table.Th>{t('admin.apiKeys.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.name}</Table.Td>
              {showCompany && <Table.Td>{k.companyName}</Table.Td>}
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {k.prefix}…
                </Text>
              </Table.Td>
              <Table.Td>{k.scopes.map((s) => t(`admin.apiKeys.scope.${scopeKey(s)}`)).join(', ')}</Table.Td>
              <Table.Td>{k.lastUsedAt ? formatDate(k.lastUsedAt.slice(0, 10), lang) : t('admin.apiKeys.never')}</Table.Td>
              <Table.Td>
                {k.createdBy.name ?? '—'} · {formatDate(k.createdAt.slice(0, 10), lang)}
              </Table.Td>
              <Table.Td>
                {k.status === 'REVOKED' ? (
                  <Badge color="gray">{t('admin.apiKeys.revoked')}</Badge>
                ) : (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => onRevoke(k)}
                    aria-label={t('admin.apiKeys.revokeNamed', { name: k.name })}
                  >
                    {t('admin.apiKeys.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const scopeKey = (scope: ApiKeyScope) => (scope === 'ledger:read' ? 'ledgerRead' : 'propertiesRead');

function CreateKeyForm({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const companies = useConsoleCompanies();
  const [name, setName] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['ledger:read']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<(ApiKey & { key: string }) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refs = { name: useRef<HTMLInputElement>(null), companyId: useRef<HTMLSelectElement>(null) };
  const errorMessage = useErrorMessage();

  const show = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = (['name', 'companyId', 'scopes'] as const).find((f) => found[f]);
    if (first === 'name') refs.name.current?.focus();
    else if (first === 'companyId') refs.companyId.current?.focus();
    else if (first === 'scopes') document.getElementById('api-key-scope-ledger:read')?.focus();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    if (!name.trim()) found.name = t('admin.apiKeys.errors.nameRequired');
    if (isAdmin && !companyId) found.companyId = t('admin.apiKeys.errors.companyRequired');
    if (scopes.length === 0) found.scopes = t('admin.apiKeys.errors.scopesRequired');
    if (Object.keys(found).length) return show(found);
    setErrors({});
    create.mutate(
      { name: name.trim(), scopes, ...(isAdmin ? { companyId } : {}) },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
        },
        onError: (error) => {
          const fromServer: Partial<Record<Field, string>> = {};
          if (error instanceof ApiError) {
            for (const f of error.fieldErrors) {
              const field = f.field.split('.')[0] as Field;
              if (field === 'name' || field === 'companyId' || field === 'scopes') fromServer[field] ??= f.message;
            }
          }
          if (Object.keys(fromServer).length) show(fromServer);
          else setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('admin.apiKeys.createTitle')}
          </Title>
          {failure && (
            <Alert color="red" role="alert" variant="light">
              {failure}
            </Alert>
          )}
          <TextInput
            ref={refs.name}
            label={t('admin.apiKeys.name')}
            description={t('admin.apiKeys.nameHint')}
            value={name}
            maxLength={100}
            required
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          {isAdmin && (
            <NativeSelect
              ref={refs.companyId}
              label={t('admin.apiKeys.company')}
              value={companyId}
              required
              onChange={(e) => setCompanyId(e.currentTarget.value)}
              error={errors.companyId}
              data={[
                { value: '', label: t('admin.apiKeys.chooseCompany') },
                ...(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          )}
          <Checkbox.Group
            label={t('admin.apiKeys.scopes')}
            value={scopes}
            onChange={(v) => setScopes(v as ApiKeyScope[])}
            error={errors.scopes}
          >
            <Stack gap={6} mt={4}>
              {API_KEY_SCOPES.map((s) => (
                <Checkbox key={s} id={`api-key-scope-${s}`} value={s} label={t(`admin.apiKeys.scope.${scopeKey(s)}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('admin.apiKeys.create')}
            </Button>
          </Group>
          {created && (
            <Alert color="green" variant="light" title={t('admin.apiKeys.createdTitle', { name: created.name })} role="status">
              <Stack gap="xs">
                <Text size="sm">{t('admin.apiKeys.shownOnce')}</Text>
                <Group gap="xs" wrap="nowrap" align="center">
                  <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="new-api-key">
                    {created.key}
                  </Text>
                  <CopyButton value={created.key}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="default" onClick={copy}>
                        {copied ? t('admin.apiKeys.copied') : t('admin.apiKeys.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
