import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS, type WebhookCreateBody } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { required, rules } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateWebhook, useWebhookResellers } from '../api/webhooks';
import { WebhookSecret } from './WebhookSecret';

interface EndpointValues {
  scope_type: 'tenant' | 'reseller';
  tenant_id: string | null;
  reseller_id: string | null;
  url: string;
  events: string[];
}

const bodyOf = (v: EndpointValues): WebhookCreateBody => ({
  scope_type: v.scope_type,
  scope_id: (v.scope_type === 'tenant' ? v.tenant_id : v.reseller_id) ?? '',
  url: v.url.trim(),
  events: v.events as WebhookCreateBody['events'],
  enabled: true,
});

const endpointRules = rules<EndpointValues>(required({ url: 'webhookUrlInvalid' }), (v) => ({
  ...(v.events.length === 0 ? { events: 'webhookEventsRequired' as const } : {}),
  ...((v.scope_type === 'tenant' ? v.tenant_id : v.reseller_id) ? {} : { _form: 'webhookScopeRequired' as const }),
}));

/** Registers an endpoint: the form, then its signing secret shown once. */
export function WebhookCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateWebhook();
  const resellers = useWebhookResellers(opened);
  const initial: EndpointValues = { scope_type: 'tenant', tenant_id: null, reseller_id: null, url: '', events: [] };
  const { form, field, message, submit } = useContractForm<EndpointValues>(initial, endpointRules, {
    refusals: 'inline',
  });
  const close = () => {
    form.setValues(initial);
    form.clearErrors();
    setSecret(null);
    onClose();
  };
  const onSubmit = submit(
    (values) => create.mutateAsync(bodyOf(values)),
    (reply) => setSecret(reply.secret),
  );
  const scope = form.values.scope_type;

  return (
    <Modal opened={opened} onClose={close} title={t('webhooks.new')} size="lg" centered data-testid="webhook-modal">
      {secret ? (
        <WebhookSecret secret={secret} onDone={close} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('webhooks.scope')}
              </Text>
              <SegmentedControl
                data={[
                  { value: 'tenant', label: t('webhooks.scopeTenant') },
                  { value: 'reseller', label: t('webhooks.scopeReseller') },
                ]}
                data-testid="webhook-scope"
                {...field('scope_type')}
              />
            </Stack>
            {scope === 'tenant' ? (
              <TenantTypeahead
                label={t('webhooks.tenant')}
                testId="webhook-tenant"
                value={form.values.tenant_id}
                onChange={(v) => form.setFieldValue('tenant_id', v)}
                error={field('tenant_id').error}
              />
            ) : (
              <Select
                label={t('webhooks.reseller')}
                data={(resellers.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
                searchable
                data-testid="webhook-reseller"
                {...field('reseller_id')}
              />
            )}
            <TextInput
              label={t('webhooks.url')}
              description={t('webhooks.urlHint')}
              placeholder="https://crm.example.com/hooks/provisio"
              maxLength={WEBHOOK_LIMITS.urlMax}
              required
              data-testid="webhook-url"
              {...field('url')}
            />
            <Checkbox.Group label={t('webhooks.events')} data-testid="webhook-events" {...field('events')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    value={type}
                    label={t(`webhooks.event.${type.replace('.', '_')}`)}
                    data-testid={`webhook-event-${type}`}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {message && (
              <Alert color="red" variant="light" data-testid="webhook-error">
                {message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('webhooks.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="webhook-create">
                {t('webhooks.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
