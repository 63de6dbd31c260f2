import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matches } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useCreateTenant } from '../api/create-tenant';
import { contractSchema } from '../../../lib/contract';

interface AddTenantModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (tid: string) => void;
}

const EMPTY = { tid: '', tname: '', domain: '', site_name: '' };
// Domain and site are optional: left empty, the server chooses them.
const toBody = (values: typeof EMPTY) => ({
  tid: values.tid,
  tname: values.tname,
  domain: values.domain.trim() || undefined,
  site_name: values.site_name.trim() || undefined,
});

/** Admins add a tenant on platforms that allow it (the builtin one); its first domain defaults to its id. */
export function AddTenantModal({ opened, onClose, onCreated }: AddTenantModalProps) {
  const { t } = useTranslation();
  const create = useCreateTenant();
  const { form, field, message, submit } = useContractForm(EMPTY, matches(contractSchema('CreateTenantBody'), toBody), {
    oneMessage: true,
  });
  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = submit(
    async (values) => create.mutateAsync((await contractSchema('CreateTenantBody').load()).parse(toBody(values))),
    (reply, values) => {
      notifySuccess(reply.message ?? t('msg:dataSaved'));
      onCreated(values.tid.trim());
      close();
    },
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('tenants.addTenant')}
      centered
      radius="md"
      data-testid="add-tenant-modal"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('fields.tenantId')} required {...field('tid')} data-testid="add-tenant-tid" />
          <TextInput label={t('fields.tenantName')} required {...field('tname')} data-testid="add-tenant-name" />
          <TextInput
            label={t('fields.domain')}
            placeholder={form.values.tid}
            {...field('domain')}
            data-testid="add-tenant-domain"
          />
          <TextInput
            label={t('tenants.site')}
            placeholder="Main"
            {...field('site_name')}
            data-testid="add-tenant-site"
          />
          {message && (
            <Alert color="red" variant="light" data-testid="add-tenant-error">
              {message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="add-tenant-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
