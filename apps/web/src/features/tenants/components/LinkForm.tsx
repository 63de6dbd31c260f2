import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ExtensionRow, LIMITS } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/PasswordField';
import { FORM_MESSAGE, matches, required, rules } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import type { RemoteDomain } from '../api/get-remote-domains';
import { useLinkExtension } from '../api/link-extension';
import { contractSchema } from '../../../lib/contract';

export interface LinkValues {
  email: string;
  did: string;
  pin: string;
  password: string;
  domain: string;
}

/**
 * Spec §5 before linking: the extension must be known, then every field (the domain only when the tenant has
 * domains); the rest (email shape, PIN, password length) is the contract's, the same the server checks.
 */
export const linkRules = (extension: string | undefined, hasDomains: boolean) =>
  rules<LinkValues>(
    () => (extension?.trim() ? {} : { [FORM_MESSAGE]: 'extensionNotSelected' }),
    required({
      email: 'linkFieldsRequired',
      did: 'linkFieldsRequired',
      pin: 'linkFieldsRequired',
      password: 'linkFieldsRequired',
      ...(hasDomains && { domain: 'linkFieldsRequired' }),
    }),
    matches(contractSchema('LinkExtensionBody'), (values) => ({ ...values, extension })),
  );

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
  const link = useLinkExtension(tenantId);
  const { form, field, message, submit } = useContractForm<LinkValues>(
    {
      email: row.email,
      did: '',
      pin: '',
      password: '',
      domain: domainNames.includes(row.domain) ? row.domain : (domainNames[0] ?? ''),
    },
    linkRules(row.extension, domainNames.length > 0),
    { oneMessage: true, params: { min: LIMITS.linkPinMin } },
  );

  const onSubmit = submit(
    (values) =>
      link.mutateAsync({
        ...values,
        extension: row.extension,
        domain: values.domain || undefined,
        tenant_id: tenantId,
      }),
    (reply, values) => {
      // Spec §8: a refused link shows the response body (the API client's toast).
      notifySuccess(reply.message ?? t('msg:userLinked'));
      onLinked(values.email.trim());
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="link-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('tenants.linkIntro', { extension: row.extension })}
        </Text>
        <TextInput label={t('fields.email')} required type="email" {...field('email')} data-testid="link-email" />
        <Group grow gap="sm" align="flex-start">
          <TextInput label={t('tenants.did')} required {...field('did')} data-testid="link-did" />
          <TextInput
            label={t('tenants.pin')}
            description={t('tenants.pinHint', { min: LIMITS.linkPinMin })}
            required
            inputMode="numeric"
            {...field('pin')}
            data-testid="link-pin"
          />
        </Group>
        <PasswordField label={t('fields.password')} required {...field('password')} testId="link-password" />
        {domainNames.length > 0 && (
          <Select
            label={t('fields.domain')}
            required
            data={domainNames}
            value={form.values.domain || null}
            onChange={(v) => form.setFieldValue('domain', v ?? '')}
            allowDeselect={false}
            data-testid="link-domain"
          />
        )}
        {message && (
          <Alert color="red" variant="light" data-testid="email-qr-error">
            {message}
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
