import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ExtensionRow, LIMITS } from '@provisio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import type { RemoteDomain } from '../api/get-remote-domains';
import { useLinkExtension } from '../api/link-extension';
import { validateLink, type LinkValues } from './validate-qr';

interface LinkFormProps {
  tenantId: string;
  row: ExtensionRow;
  domains: RemoteDomain[];
  /** After 'User Successfully Linked!' the modal turns to email mode with this address. */
  onLinked: (email: string) => void;
  onCancel: () => void;
}

/** Links an unlinked extension: its app account's username is the email, the password is kept as a hash only. */
export function LinkForm({ tenantId, row, domains, onLinked, onCancel }: LinkFormProps) {
  const { t } = useTranslation();
  const domainNames = [...new Set(domains.map((d) => d.domain))];
  const [values, setValues] = useState<LinkValues>({
    email: row.email,
    did: '',
    pin: '',
    password: '',
    domain: domainNames.includes(row.domain) ? row.domain : (domainNames[0] ?? ''),
  });
  const [error, setError] = useState<string | null>(null);
  const link = useLinkExtension(tenantId);
  const set = (field: keyof LinkValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateLink(values, row.extension, domainNames.length > 0);
    setError(problem ? t(`msg:${problem}`, { min: LIMITS.linkPinMin }) : null);
    if (problem) return;
    await attempt(async () => {
      const reply = await link.mutateAsync({ ...values, extension: row.extension, domain: values.domain || undefined, tenant_id: tenantId });
      notifySuccess(reply.message ?? t('msg:userLinked'));
      onLinked(values.email.trim());
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="link-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('tenants.linkIntro', { extension: row.extension })}
        </Text>
        <TextInput label={t('fields.email')} required type="email" value={values.email} onChange={(e) => set('email')(e.currentTarget.value)} data-testid="link-email" />
        <Group grow gap="sm" align="flex-start">
          <TextInput label={t('tenants.did')} required value={values.did} onChange={(e) => set('did')(e.currentTarget.value)} data-testid="link-did" />
          <TextInput
            label={t('tenants.pin')}
            description={t('tenants.pinHint', { min: LIMITS.linkPinMin })}
            required
            inputMode="numeric"
            value={values.pin}
            onChange={(e) => set('pin')(e.currentTarget.value)}
            data-testid="link-pin"
          />
        </Group>
        <PasswordField label={t('fields.password')} required value={values.password} onChange={set('password')} testId="link-password" />
        {domainNames.length > 0 && (
          <Select label={t('fields.domain')} required data={domainNames} value={values.domain || null} onChange={(v) => set('domain')(v ?? '')} allowDeselect={false} data-testid="link-domain" />
        )}
        {error && (
          <Alert color="red" variant="light" data-testid="email-qr-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="link-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={link.isPending} data-testid="link-submit">
            {t('tenants.link')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
