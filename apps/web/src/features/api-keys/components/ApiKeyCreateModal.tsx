import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { API_KEY, type ApiKeyScope, type CreateApiKeyBody } from '@provisio/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/use-current-user';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { contractSchema } from '../../../lib/contract';
import { matches, required, rules } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useApiKeyResellers, useCreateApiKey } from '../api/api-keys';

interface KeyValues {
  name: string;
  scope: ApiKeyScope;
  reseller_id: string | null;
  tenant_id: string | null;
  mode: 'read' | 'write';
  /** YYYY-MM-DD; the key stops working at the end of that day (the browser's time). */
  expires_at: string;
  /** Addresses and CIDR ranges, separated by commas, spaces or lines. */
  allowed_ips: string;
}

export function bodyOf(v: KeyValues): CreateApiKeyBody {
  const ips = v.allowed_ips.split(/[\s,]+/).filter(Boolean);
  return {
    name: v.name.trim(),
    scope: v.scope,
    ...(v.scope === 'reseller' && v.reseller_id ? { reseller_id: Number(v.reseller_id) } : {}),
    ...(v.scope === 'tenant' && v.tenant_id ? { tenant_id: v.tenant_id } : {}),
    read_only: v.mode === 'read',
    expires_at: v.expires_at ? new Date(`${v.expires_at}T23:59:59`).getTime() : null,
    ...(ips.length ? { allowed_ips: ips } : {}),
  };
}

const keyRules = rules<KeyValues>(
  required({ name: 'apiKeyNameRequired' }),
  matches(contractSchema('CreateApiKeyBody'), bodyOf),
);

/** Creates a key: the form, then the key itself shown once with a copy button. */
export function ApiKeyCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isAdmin = useCurrentUser().role === 'admin';
  const [created, setCreated] = useState<{ key: string; name: string } | null>(null);
  const create = useCreateApiKey();
  const resellers = useApiKeyResellers(opened);
  const initial: KeyValues = {
    name: '',
    scope: isAdmin ? 'all' : 'reseller',
    reseller_id: null,
    tenant_id: null,
    mode: 'read',
    expires_at: '',
    allowed_ips: '',
  };
  const { form, field, message, submit } = useContractForm<KeyValues>(initial, keyRules, { refusals: 'inline' });
  const close = () => {
    form.setValues(initial);
    form.clearErrors();
    setCreated(null);
    onClose();
  };
  const onSubmit = submit(
    (values) => create.mutateAsync(bodyOf(values)),
    (reply) => setCreated({ key: reply.key, name: reply.row.name }),
  );
  const scope = form.values.scope;
  const scopes = [
    ...(isAdmin ? [{ value: 'all', label: t('apiKeys.scopeAll') }] : []),
    { value: 'reseller', label: t('apiKeys.scopeReseller') },
    { value: 'tenant', label: t('apiKeys.scopeTenant') },
  ];

  return (
    <Modal opened={opened} onClose={close} title={t('apiKeys.new')} size="lg" centered data-testid="api-key-modal">
      {created ? (
        <Stack gap="md" data-testid="api-key-created">
          <Alert color="orange" variant="light" title={t('apiKeys.onceTitle', { name: created.name })}>
            {t('apiKeys.onceBody')}
          </Alert>
          <Code block fz="sm" data-testid="api-key-value" style={{ wordBreak: 'break-all' }}>
            {created.key}
          </Code>
          <Text size="sm" c="dimmed">
            {t('apiKeys.howToUse')}
          </Text>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  onClick={copy}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  data-testid="api-key-copy"
                >
                  {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close} data-testid="api-key-done">
              {t('apiKeys.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('apiKeys.name')}
              placeholder={t('apiKeys.namePlaceholder')}
              maxLength={API_KEY.nameMax}
              required
              data-testid="api-key-name"
              {...field('name')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('apiKeys.scope')}
              </Text>
              <SegmentedControl data={scopes} {...field('scope')} data-testid="api-key-scope" />
            </Stack>
            {scope === 'reseller' && (
              <Select
                label={t('apiKeys.reseller')}
                data={(resellers.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
                searchable
                data-testid="api-key-reseller"
                {...field('reseller_id')}
              />
            )}
            {scope === 'tenant' && (
              <TenantTypeahead
                label={t('apiKeys.tenant')}
                testId="api-key-tenant"
                value={form.values.tenant_id}
                onChange={(v) => form.setFieldValue('tenant_id', v)}
                error={field('tenant_id').error}
              />
            )}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('apiKeys.mode')}
              </Text>
              <SegmentedControl
                data={[
                  { value: 'read', label: t('apiKeys.readOnly') },
                  { value: 'write', label: t('apiKeys.readWrite') },
                ]}
                data-testid="api-key-mode"
                {...field('mode')}
              />
            </Stack>
            <TextInput
              type="date"
              label={t('apiKeys.expires')}
              description={t('apiKeys.expiresHint')}
              data-testid="api-key-expires"
              {...field('expires_at')}
            />
            <Textarea
              label={t('apiKeys.addresses')}
              description={t('apiKeys.addressesHint')}
              placeholder="192.0.2.0/24, 2001:db8::/32"
              autosize
              minRows={2}
              data-testid="api-key-addresses"
              {...field('allowed_ips')}
            />
            {message && (
              <Alert color="red" variant="light" data-testid="api-key-error">
                {message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('apiKeys.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="api-key-create">
                {t('apiKeys.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
