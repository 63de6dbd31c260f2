import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CreateTenantBody } from '@provisio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import { useCreateTenant } from '../api/create-tenant';

interface AddTenantModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (tid: string) => void;
}

const EMPTY = { tid: '', tname: '', domain: '', site_name: '' };

/** Admins add a tenant on platforms that allow it (the builtin one); its first domain defaults to its id. */
export function AddTenantModal({ opened, onClose, onCreated }: AddTenantModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTenant();
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const close = () => {
    setValues(EMPTY);
    setError(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateTenantBody.safeParse({ tid: values.tid, tname: values.tname, domain: values.domain.trim() || undefined, site_name: values.site_name.trim() || undefined });
    if (!parsed.success) return setError(t(`msg:${parsed.error.issues[0]?.message ?? 'starFieldsRequired'}`));
    setError(null);
    await attempt(async () => {
      const reply = await create.mutateAsync(parsed.data);
      notifySuccess(reply.message ?? t('msg:dataSaved'));
      onCreated(parsed.data.tid);
      close();
    });
  }

  return (
    <Modal opened={opened} onClose={close} title={t('tenants.addTenant')} centered radius="md" data-testid="add-tenant-modal">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('fields.tenantId')} required value={values.tid} onChange={(e) => set('tid')(e.currentTarget.value)} data-testid="add-tenant-tid" />
          <TextInput label={t('fields.tenantName')} required value={values.tname} onChange={(e) => set('tname')(e.currentTarget.value)} data-testid="add-tenant-name" />
          <TextInput label={t('fields.domain')} placeholder={values.tid} value={values.domain} onChange={(e) => set('domain')(e.currentTarget.value)} data-testid="add-tenant-domain" />
          <TextInput label={t('tenants.site')} placeholder="Main" value={values.site_name} onChange={(e) => set('site_name')(e.currentTarget.value)} data-testid="add-tenant-site" />
          {error && (
            <Alert color="red" variant="light" data-testid="add-tenant-error">
              {error}
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
