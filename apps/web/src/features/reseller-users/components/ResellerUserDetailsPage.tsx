import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import type { ResellerUserRow } from '@provisio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { PasswordField } from '../../../components/PasswordField';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useSaveResellerUser } from '../api/save-reseller-user';
import { UserResellers } from './UserResellers';
import { validateResellerUser, type ResellerUserErrors } from './validate-reseller-user';

/** 'Add User' / 'Edit User'; once the user exists, the resellers they belong to. Password on create only. */
export function ResellerUserDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<ResellerUserRow>();
  const [id, setId] = useState<number | undefined>(record?.id);
  const [values, setValues] = useState({ name: record?.name ?? '', email: record?.email ?? '', password: '' });
  const [errors, setErrors] = useState<ResellerUserErrors>({});
  const save = useSaveResellerUser();
  const creating = id === undefined;
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorOf = (field: keyof ResellerUserErrors) => (errors[field] ? t(`msg:${errors[field]}`) : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateResellerUser(values, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = { id, name: values.name.trim(), email: values.email.trim(), password: creating ? values.password : undefined };
      const reply = await save.mutateAsync(body);
      notifySuccess(reply.message);
      setId(reply.id);
      setValues((v) => ({ ...v, password: '' }));
    } catch {
      // The API client showed the server's message (e.g. email in use).
    }
  }

  return (
    <Stack gap="lg">
      <PageTitle title={creating ? t('resellerUsers.addTitle') : t('resellerUsers.editTitle')} />
      <Card padding="xl" data-testid="reseller-user-form">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap" gap="md">
              <TextInput label={t('fields.name')} required value={values.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errorOf('name')} data-testid="reseller-user-name" miw={220} />
              <TextInput label={t('fields.email')} required type="email" value={values.email} onChange={(e) => set('email')(e.currentTarget.value)} error={errorOf('email')} data-testid="reseller-user-email" miw={220} />
            </Group>
            {creating && (
              <PasswordField label={t('fields.password')} required value={values.password} onChange={set('password')} error={errorOf('password')} testId="reseller-user-password" />
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
