import { Badge, Modal, ScrollArea, Table, Text } from '@mantine/core';
import type { WebhookEndpoint } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { useWebhookDeliveries } from '../api/webhooks';

const STATUS_COLOR: Record<string, string> = { delivered: 'teal', pending: 'orange', failed: 'red' };

/** Every try of the endpoint's deliveries, newest first: status, response time, attempt and error. */
export function WebhookDeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const log = useWebhookDeliveries(endpoint?.id ?? null);
  const rows = log.data ?? [];
  return (
    <Modal
      opened={endpoint !== null}
      onClose={onClose}
      title={t('webhooks.logTitle', { url: endpoint?.url ?? '' })}
      size="xl"
      centered
      data-testid="webhook-log"
    >
      <ScrollArea>
        <Table striped verticalSpacing="xs" miw={720} data-testid="webhook-log-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.logAt')}</Table.Th>
              <Table.Th>{t('webhooks.logEvent')}</Table.Th>
              <Table.Th>{t('webhooks.logAttempt')}</Table.Th>
              <Table.Th>{t('webhooks.logStatus')}</Table.Th>
              <Table.Th>{t('webhooks.logTime')}</Table.Th>
              <Table.Th>{t('webhooks.logDelivery')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.id} data-testid="webhook-log-row">
                <Table.Td>{new Date(a.at).toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {a.event_type}
                  </Text>
                </Table.Td>
                <Table.Td>{a.attempt}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={a.error ? 'red' : 'teal'} data-testid="webhook-log-status">
                    {a.status_code ?? '—'}
                  </Badge>
                  {a.error && (
                    <Text size="xs" c="red" mt={2}>
                      {a.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{t('webhooks.ms', { ms: a.duration_ms })}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={STATUS_COLOR[a.delivery_status] ?? 'gray'}>
                    {t(`webhooks.delivery.${a.delivery_status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!log.isLoading && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" data-testid="webhook-log-empty">
          {t('webhooks.logEmpty')}
        </Text>
      )}
    </Modal>
  );
}
