import { ActionIcon, Alert, Card, Select, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { CreateExtensionBody, EditUserDetailsBody, type MessageKey, type TenantRow } from '@provisio/contract';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/FormActions';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useCreateExtension } from '../api/create-extension';
import { useEditUserDetails } from '../api/edit-user-details';
import type { RemoteDomain } from '../api/get-remote-domains';
import { tenantsPath } from './details-state';

export interface ExtensionFormValues {
  extension: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  mobilePhone: string;
  homePhone: string;
  domain: string;
}

interface ExtensionFormProps {
  tenant: Pick<TenantRow, 'tid' | 'tname'>;
  /** null: 'Add Extension'. */
  extension: string | null;
  linked: boolean;
  initial: ExtensionFormValues;
  domains: RemoteDomain[];
}

/** First Name*, Last Name*, Email*, phones, Domain; a linked user's email stays locked until the un-link toggle. */
export function ExtensionForm({ tenant, extension, linked, initial, domains }: ExtensionFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [delink, setDelink] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditUserDetails();
  const create = useCreateExtension();
  const adding = extension === null;
  const back = () => navigate(tenantsPath(tenant.tid));
  const set = (field: keyof ExtensionFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };
  const domainNames = [...new Set([...domains.map((d) => d.domain), ...(initial.domain ? [initial.domain] : [])])];

  function toggleDelink() {
    const next = !delink;
    setDelink(next);
    if (!next) setValues((v) => ({ ...v, emailAddress: initial.emailAddress }));
    notifyInfo(t(next ? 'tenants.details.willUnlink' : 'tenants.details.wontUnlink'));
  }

  const fail = (key: string | undefined) => setError(t(`msg:${(key ?? 'starFieldsRequired') as MessageKey}`));
  const userDetails = { firstName: values.firstName, lastName: values.lastName, emailAddress: values.emailAddress, mobilePhone: values.mobilePhone, homePhone: values.homePhone, domain: values.domain };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The email is required on this screen (spec §2 'Email*') even though the platform allows none.
    if (!values.firstName.trim() || !values.lastName.trim() || !values.emailAddress.trim() || (adding && !values.extension.trim())) return fail('starFieldsRequired');
    const body = EditUserDetailsBody.safeParse({ extension: extension ?? values.extension, tenant_id: tenant.tid, user_details: userDetails, delink, original_email: initial.emailAddress });
    if (!body.success) return fail(body.error.issues[0]?.message);
    setError(null);
    try {
      if (adding) {
        const site = domains.find((d) => d.domain === values.domain)?.site_name ?? '';
        const created = CreateExtensionBody.safeParse({ tenant_id: tenant.tid, extension: values.extension, domain: values.domain, site_name: site, firstname: values.firstName, lastname: values.lastName, email: values.emailAddress });
        if (!created.success) return fail(created.error.issues[0]?.message);
        const reply = await create.mutateAsync(created.data);
        // Phones are the portal's own fields: saved with the details call once the extension exists.
        if (values.mobilePhone.trim() || values.homePhone.trim()) await edit.mutateAsync(body.data);
        notifySuccess(reply.message);
      } else {
        const reply = await edit.mutateAsync(body.data);
        notifySuccess(reply.message ?? t('msg:profileUpdated'));
      }
      back();
    } catch {
      // The server's message was shown as a toast.
    }
  }

  const emailLocked = linked && !delink;
  return (
    <Card padding="xl" data-testid="extension-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {adding && <TextInput label={t('fields.extension')} required value={values.extension} onChange={(e) => set('extension')(e.currentTarget.value)} data-testid="details-extension" maw={240} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('tenants.firstName')} required value={values.firstName} onChange={(e) => set('firstName')(e.currentTarget.value)} data-testid="details-first" />
            <TextInput label={t('tenants.lastName')} required value={values.lastName} onChange={(e) => set('lastName')(e.currentTarget.value)} data-testid="details-last" />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            required
            type="email"
            value={values.emailAddress}
            onChange={(e) => set('emailAddress')(e.currentTarget.value)}
            disabled={emailLocked}
            description={emailLocked ? t('tenants.details.emailLocked') : undefined}
            data-testid="details-email"
            rightSectionWidth={40}
            rightSection={
              linked && (
                <Tooltip label={delink ? t('tenants.details.keepLink') : t('tenants.details.unlink')}>
                  <ActionIcon variant={delink ? 'filled' : 'light'} color={delink ? 'orange' : 'brand'} onClick={toggleDelink} aria-pressed={delink} aria-label={t('tenants.details.unlink')} data-testid="details-unlink">
                    {delink ? <IconLinkOff size={16} /> : <IconLink size={16} />}
                  </ActionIcon>
                </Tooltip>
              )
            }
          />
          {delink && (
            <Alert color="orange" variant="light" data-testid="details-unlink-note">
              {t('tenants.details.willUnlink')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('tenants.mobilePhone')} value={values.mobilePhone} onChange={(e) => set('mobilePhone')(e.currentTarget.value)} data-testid="details-mobile" />
            <TextInput label={t('tenants.homePhone')} value={values.homePhone} onChange={(e) => set('homePhone')(e.currentTarget.value)} data-testid="details-home" />
          </SimpleGrid>
          <Select label={t('fields.domain')} required={adding} data={domainNames} value={values.domain || null} onChange={(v) => set('domain')(v ?? '')} allowDeselect={false} data-testid="details-domain" />
          {error && (
            <Alert color="red" variant="light" data-testid="details-error">
              {error}
            </Alert>
          )}
          <FormActions testId="details" onCancel={back} saving={edit.isPending || create.isPending} upper />
        </Stack>
      </form>
    </Card>
  );
}
