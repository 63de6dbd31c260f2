import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import type { WebhookEndpoint } from '@provisio/contract';
import { IconKey, IconList, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageTitle } from '../../../components/PageTitle';
import { notifySuccess } from '../../../lib/notify';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookEndpoints,
} from '../api/webhooks';
import { WebhookCreateModal } from './WebhookCreateModal';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { WebhookSecretModal } from './WebhookSecretModal';

/** Issue #18 item 3: signed webhooks; endpoints per reseller or tenant, their test event and delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { data: endpoints = [], isLoading } = useWebhookEndpoints();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();

  const onTest = async (e: WebhookEndpoint) => {
    const reply = await test.mutateAsync(e.id);
    notifySuccess(reply.message);
    setLogOf(e);
  };
  const onDelete = async () => {
    if (!deleting) return;
    const reply = await remove.mutateAsync(deleting.id);
    if (reply.message) notifySuccess(reply.message);
    setDeleting(null);
  };
  const statusOf = (e: WebhookEndpoint) =>
    e.enabled ? (
      <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
        {t('webhooks.enabled')}
      </Badge>
    ) : (
      <Badge
        color={e.disabled_reason === 'failures' ? 'red' : 'gray'}
        variant="light"
        style={{ flexShrink: 0 }}
        data-testid="webhook-disabled"
      >
        {e.disabled_reason === 'failures' ? t('webhooks.autoDisabled') : t('webhooks.disabled')}
      </Badge>
    );

  return (
    <Stack gap="lg">
      <PageTitle
        title={t('webhooks.title')}
        subtitle={t('webhooks.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="webhook-new">
            {t('webhooks.new')}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <ScrollArea>
          <Table striped highlightOnHover verticalSpacing="sm" miw={940} data-testid="webhook-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.url')}</Table.Th>
                <Table.Th>{t('webhooks.scope')}</Table.Th>
                <Table.Th>{t('webhooks.events')}</Table.Th>
                <Table.Th>{t('webhooks.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.map((e) => (
                <Table.Tr key={e.id} data-testid={`webhook-row-${e.id}`}>
                  <Table.Td maw={320}>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {e.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.scope_name}</Text>
                    <Text size="xs" c="dimmed">
                      {e.scope_type === 'tenant' ? t('webhooks.scopeTenant') : t('webhooks.scopeReseller')}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={260}>
                    <Group gap={4}>
                      {e.events.map((ev) => (
                        <Badge key={ev} size="xs" variant="outline" tt="none">
                          {ev}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td miw={170}>
                    <Group gap="xs" wrap="nowrap">
                      <Switch
                        checked={e.enabled}
                        aria-label={t('webhooks.on')}
                        onChange={(ev) => void update.mutateAsync({ id: e.id, enabled: ev.currentTarget.checked })}
                        data-testid={`webhook-enabled-${e.id}`}
                      />
                      {statusOf(e)}
                    </Group>
                    {e.consecutive_failures > 0 && (
                      <Text size="xs" c="red" mt={4}>
                        {t('webhooks.failures', { count: e.consecutive_failures })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconSend size={14} />}
                        loading={test.isPending && test.variables === e.id}
                        onClick={() => void onTest(e)}
                        data-testid={`webhook-test-${e.id}`}
                      >
                        {t('webhooks.sendTest')}
                      </Button>
                      <Tooltip label={t('webhooks.log')}>
                        <ActionIcon
                          variant="default"
                          aria-label={t('webhooks.log')}
                          onClick={() => setLogOf(e)}
                          data-testid={`webhook-log-${e.id}`}
                        >
                          <IconList size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('webhooks.rotate')}>
                        <ActionIcon
                          variant="default"
                          aria-label={t('webhooks.rotate')}
                          onClick={() => void rotate.mutateAsync(e.id).then((r) => setRotated(r.secret))}
                          data-testid={`webhook-rotate-${e.id}`}
                        >
                          <IconKey size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('webhooks.delete')}>
                        <ActionIcon
                          variant="light"
                          color="red"
                          aria-label={t('webhooks.delete')}
                          onClick={() => setDeleting(e)}
                          data-testid={`webhook-delete-${e.id}`}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {!isLoading && endpoints.length === 0 && (
          <Text c="dimmed" ta="center" py="lg" data-testid="webhook-empty">
            {t('webhooks.empty')}
          </Text>
        )}
      </Paper>
      <WebhookCreateModal opened={creating} onClose={() => setCreating(false)} />
      <WebhookDeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />
      <WebhookSecretModal secret={rotated} onClose={() => setRotated(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('webhooks.deleteTitle')}
        message={t('webhooks.deleteQuestion', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        loading={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
