import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import type { ResellerUserRow } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { PasswordField } from '../../../components/PasswordField';
import { useCatalogueForm } from '../../../lib/catalogue-form';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useSaveResellerUser } from '../api/save-reseller-user';
import { UserResellers } from './UserResellers';
import { validateResellerUser } from './validate-reseller-user';

/** 'Add User' / 'Edit User'; once the user exists, the resellers they belong to. Password on create only. */
export function ResellerUserDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<ResellerUserRow>();
  const [id, setId] = useState<number | undefined>(record?.id);
  const creating = id === undefined;
  const { form, field } = useCatalogueForm({ name: record?.name ?? '', email: record?.email ?? '', password: '' }, (v) => validateResellerUser(v, creating));
  const save = useSaveResellerUser();

  const submit = form.onSubmit(async (values) => {
    try {
      const body = { id, name: values.name.trim(), email: values.email.trim(), password: creating ? values.password : undefined };
      const reply = await save.mutateAsync(body);
      notifySuccess(reply.message);
      setId(reply.id);
      form.setFieldValue('password', '');
    } catch {
      // The API client showed the server's message (e.g. email in use).
    }
  });

  return (
    <Stack gap="lg">
      <PageTitle title={creating ? t('resellerUsers.addTitle') : t('resellerUsers.editTitle')} />
      <Card padding="xl" data-testid="reseller-user-form">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap" gap="md">
              <TextInput label={t('fields.name')} required {...field('name')} data-testid="reseller-user-name" miw={220} />
              <TextInput label={t('fields.email')} required type="email" {...field('email')} data-testid="reseller-user-email" miw={220} />
            </Group>
            {creating && (
              <PasswordField label={t('fields.password')} required {...field('password')} testId="reseller-user-password" />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => navigate('/reseller_users')} data-testid="reseller-user-cancel">
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="reseller-user-save">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {id !== undefined && <UserResellers userId={id} />}
    </Stack>
  );
}
