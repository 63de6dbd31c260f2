import { Group, TextInput } from '@mantine/core';
import type { ResellerUserRow } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailsForm } from '../../../components/DetailsForm';
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
    <DetailsForm
      title={creating ? t('resellerUsers.addTitle') : t('resellerUsers.editTitle')}
      testId="reseller-user"
      onSubmit={submit}
      onCancel={() => navigate('/reseller_users')}
      saving={save.isPending}
      after={id !== undefined && <UserResellers userId={id} />}
    >
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TextInput label={t('fields.name')} required {...field('name')} data-testid="reseller-user-name" miw={220} />
        <TextInput label={t('fields.email')} required type="email" {...field('email')} data-testid="reseller-user-email" miw={220} />
      </Group>
      {creating && (
        <PasswordField label={t('fields.password')} required {...field('password')} testId="reseller-user-password" />
      )}
    </DetailsForm>
  );
}
