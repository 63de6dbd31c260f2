import { Button, Group, Paper, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import type { ApiKeyRow } from '@provisio/contract';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageTitle } from '../../../components/PageTitle';
import { notifySuccess } from '../../../lib/notify';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ApiKeyCreateModal } from './ApiKeyCreateModal';

/** Issue #18 item 2: API keys for integrations; listed with their scope, mode and last use, created and revoked. */
export function ApiKeysPage() {
  const { t, i18n } = useTranslation();
  const [showRevoked, setShowRevoked] = useState(false);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const { data: keys = [], isLoading } = useApiKeys(showRevoked);
  const revoke = useRevokeApiKey();
  const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString(i18n.language));
  const scopeOf = (k: ApiKeyRow) =>
    k.scope === 'all'
      ? t('apiKeys.scopeAll')
      : k.scope === 'reseller'
        ? t('apiKeys.scopeResellerNamed', { name: k.reseller_name ?? `#${k.reseller_id}` })
        : t('apiKeys.scopeTenantNamed', { name: k.tenant_id });

  const onRevoke = async () => {
    if (!revoking) return;
    await revoke.mutateAsync(revoking.id);
    notifySuccess(t('apiKeys.revoked', { name: revoking.name }));
    setRevoking(null);
  };

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('apiKeys.title')}
        subtitle={t('apiKeys.subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setCreating(true)}
            style={{ flexShrink: 0 }}
            data-testid="api-key-new"
          >
            {t('apiKeys.new')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Text c="dimmed" size="sm">
            {t('apiKeys.usage')}
          </Text>
          <Switch
            checked={showRevoked}
            onChange={(e) => setShowRevoked(e.currentTarget.checked)}
            label={t('apiKeys.showRevoked')}
            data-testid="api-key-show-revoked"
          />
        </Group>
        <ScrollArea>
          <Table striped highlightOnHover verticalSpacing="sm" miw={860} data-testid="api-key-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('apiKeys.name')}</Table.Th>
                <Table.Th>{t('apiKeys.scope')}</Table.Th>
                <Table.Th>{t('apiKeys.mode')}</Table.Th>
                <Table.Th>{t('apiKeys.expires')}</Table.Th>
                <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
                <Table.Th>{t('apiKeys.createdBy')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((k) => (
                <Table.Tr key={k.id} data-testid={`api-key-row-${k.id}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <IconKey size={16} />
                      <Stack gap={0}>
                        <Text fw={600} size="sm">
                          {k.name}
                        </Text>
                        <Text ff="monospace" size="xs" c="dimmed">
                          {k.prefix}…
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>{scopeOf(k)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="xs" fw={700} tt="uppercase" c={k.read_only ? 'dimmed' : 'blue'}>
                      {k.read_only ? t('apiKeys.readOnly') : t('apiKeys.readWrite')}
                    </Text>
                    {k.allowed_ips.length > 0 && (
                      <Text size="xs" c="dimmed" mt={4}>
                        {k.allowed_ips.join(', ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{k.expires_at === null ? t('apiKeys.never') : when(k.expires_at)}</Table.Td>
                  <Table.Td data-testid="api-key-last-used">
                    {k.last_used_at === null ? (
                      t('apiKeys.neverUsed')
                    ) : (
                      <Stack gap={0}>
                        <Text size="sm">{when(k.last_used_at)}</Text>
                        <Text size="xs" c="dimmed">
                          {t('apiKeys.from', { address: k.last_used_ip })}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{k.created_by}</Text>
                    <Text size="xs" c="dimmed">
                      {when(k.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {k.revoked_at === null ? (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => setRevoking(k)}
                        data-testid={`api-key-revoke-${k.id}`}
                      >
                        {t('apiKeys.revoke')}
                      </Button>
                    ) : (
                      <Stack gap={0}>
                        <Text size="sm" c="red" fw={600}>
                          {t('apiKeys.revokedLabel')}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {when(k.revoked_at)}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {!isLoading && keys.length === 0 && (
          <Text c="dimmed" ta="center" py="lg" data-testid="api-key-empty">
            {t('apiKeys.empty')}
          </Text>
        )}
      </Paper>
      <ApiKeyCreateModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        message={t('apiKeys.revokeQuestion', { name: revoking?.name ?? '' })}
        warning={t('apiKeys.revokeWarning')}
        confirmLabel={t('apiKeys.revoke')}
        loading={revoke.isPending}
        onConfirm={() => void onRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Stack>
  );
}
