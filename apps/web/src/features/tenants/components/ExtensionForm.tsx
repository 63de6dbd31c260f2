import { ActionIcon, Alert, Card, Select, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import type { TenantRow } from '@provisio/contract';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/FormActions';
import { matches, required, rules } from '../../../lib/form';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateExtension } from '../api/create-extension';
import { useEditUserDetails } from '../api/edit-user-details';
import type { RemoteDomain } from '../api/get-remote-domains';
import { tenantsPath } from './details-state';
import { contractSchema } from '../../../lib/contract';

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
  const [delink, setDelink] = useState(false);
  const edit = useEditUserDetails();
  const create = useCreateExtension();
  const adding = extension === null;
  const back = () => navigate(tenantsPath(tenant.tid));
  const domainNames = [...new Set([...domains.map((d) => d.domain), ...(initial.domain ? [initial.domain] : [])])];

  const editBody = (v: ExtensionFormValues) => ({
    extension: extension ?? v.extension,
    tenant_id: tenant.tid,
    user_details: {
      firstName: v.firstName,
      lastName: v.lastName,
      emailAddress: v.emailAddress,
      mobilePhone: v.mobilePhone,
      homePhone: v.homePhone,
      domain: v.domain,
    },
    delink,
    original_email: initial.emailAddress,
  });
  const createBody = (v: ExtensionFormValues) => {
    const site = domains.find((d) => d.domain === v.domain)?.site_name ?? '';
    return {
      tenant_id: tenant.tid,
      extension: v.extension,
      domain: v.domain,
      site_name: site,
      firstname: v.firstName,
      lastname: v.lastName,
      email: v.emailAddress,
    };
  };
  // The email is required on this screen (spec §2 'Email*') even though the platform allows none.
  const { form, field, message, submit } = useContractForm(
    initial,
    rules<ExtensionFormValues>(
      required({
        firstName: 'starFieldsRequired',
        lastName: 'starFieldsRequired',
        emailAddress: 'starFieldsRequired',
        ...(adding && { extension: 'starFieldsRequired' }),
      }),
      matches(contractSchema('EditUserDetailsBody'), editBody),
      adding && matches(contractSchema('CreateExtensionBody'), createBody),
    ),
    { oneMessage: true },
  );

  function toggleDelink() {
    const next = !delink;
    setDelink(next);
    if (!next) form.setFieldValue('emailAddress', initial.emailAddress);
    notifyInfo(t(next ? 'tenants.details.willUnlink' : 'tenants.details.wontUnlink'));
  }

  const onSubmit = submit(
    async (values) => {
      const details = (await contractSchema('EditUserDetailsBody').load()).parse(editBody(values));
      if (!adding) return edit.mutateAsync(details);
      const reply = await create.mutateAsync(
        (await contractSchema('CreateExtensionBody').load()).parse(createBody(values)),
      );
      // Phones are the portal's own fields: saved with the details call once the extension exists.
      if (values.mobilePhone.trim() || values.homePhone.trim()) await edit.mutateAsync(details);
      return reply;
    },
    (reply) => {
      notifySuccess(reply.message ?? t('msg:profileUpdated'));
      return back();
    },
  );

  const emailLocked = linked && !delink;
  return (
    <Card padding="xl" data-testid="extension-form">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {adding && (
            <TextInput
              label={t('fields.extension')}
              required
              {...field('extension')}
              data-testid="details-extension"
              maw={240}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('tenants.firstName')} required {...field('firstName')} data-testid="details-first" />
            <TextInput label={t('tenants.lastName')} required {...field('lastName')} data-testid="details-last" />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            required
            type="email"
            {...field('emailAddress')}
            disabled={emailLocked}
            description={emailLocked ? t('tenants.details.emailLocked') : undefined}
            data-testid="details-email"
            rightSectionWidth={40}
            rightSection={
              linked && (
                <Tooltip label={delink ? t('tenants.details.keepLink') : t('tenants.details.unlink')}>
                  <ActionIcon
                    variant={delink ? 'filled' : 'light'}
                    color={delink ? 'orange' : 'brand'}
                    onClick={toggleDelink}
                    aria-pressed={delink}
                    aria-label={t('tenants.details.unlink')}
                    data-testid="details-unlink"
                  >
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
            <TextInput label={t('tenants.mobilePhone')} {...field('mobilePhone')} data-testid="details-mobile" />
            <TextInput label={t('tenants.homePhone')} {...field('homePhone')} data-testid="details-home" />
          </SimpleGrid>
          <Select
            label={t('fields.domain')}
            required={adding}
            data={domainNames}
            value={form.values.domain || null}
            onChange={(v) => form.setFieldValue('domain', v ?? '')}
            allowDeselect={false}
            data-testid="details-domain"
          />
          {message && (
            <Alert color="red" variant="light" data-testid="details-error">
              {message}
            </Alert>
          )}
          <FormActions testId="details" onCancel={back} saving={edit.isPending || create.isPending} upper />
        </Stack>
      </form>
    </Card>
  );
}
