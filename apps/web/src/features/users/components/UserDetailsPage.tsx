import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UserRow } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailsForm } from '../../../components/DetailsForm';
import { PasswordField } from '../../../components/PasswordField';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { useCatalogueForm } from '../../../lib/catalogue-form';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useSaveUser } from '../api/save-user';
import { validateUser, type UserFormValues } from './validate-user';

function initialValues(record: UserRow | null): UserFormValues {
  return {
    name: record?.name ?? '',
    email: record?.email ?? '',
    username: record?.username ?? '',
    password: '',
    user_type: record?.user_type ?? 'simple user',
    active: record?.active ?? true,
    company: record?.company ?? '',
    subscriber_id: record?.subscriber_id ?? '',
  };
}

/** Add/Edit portal user. The company is a tenant id: a simple user sees that tenant only. */
export function UserDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<UserRow>();
  const creating = record === null;
  const { form, field } = useCatalogueForm(initialValues(record), (v) => validateUser(v, creating));
  const save = useSaveUser();

  const submit = form.onSubmit(async ({ password, ...rest }) => {
    try {
      const reply = await save.mutateAsync({ ...rest, id: record?.id, password: creating ? password : undefined });
      notifySuccess(reply.message);
      navigate('/users');
    } catch {
      // The API client showed the server's message (e.g. username in use, last admin).
    }
  });

  return (
    <DetailsForm
      title={creating ? t('users.addTitle') : t('users.editTitle')}
      testId="user"
      onSubmit={submit}
      onCancel={() => navigate('/users')}
      saving={save.isPending}
    >
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TextInput label={t('fields.name')} required {...field('name')} data-testid="user-name" miw={220} />
        <TextInput label={t('fields.email')} required type="email" {...field('email')} data-testid="user-email" miw={220} />
      </Group>
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TextInput label={t('fields.username')} required {...field('username')} data-testid="user-username" miw={220} />
        <Select
          label={t('fields.userType')}
          data={[
            { value: 'admin', label: t('roles.admin') },
            { value: 'simple user', label: t('roles.simpleUser') },
          ]}
          value={form.values.user_type}
          onChange={(v) => v && form.setFieldValue('user_type', v === 'admin' ? 'admin' : 'simple user')}
          allowDeselect={false}
          data-testid="user-type"
          miw={220}
        />
      </Group>
      {creating && (
        <PasswordField label={t('fields.password')} required {...field('password')} testId="user-password" />
      )}
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TenantTypeahead
          label={t('fields.company')}
          value={form.values.company || null}
          onChange={(v) => form.setFieldValue('company', v ?? '')}
          testId="user-company"
          w="auto"
        />
        <TextInput label={t('fields.subscriberId')} {...field('subscriber_id')} data-testid="user-subscriber" miw={220} />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('fields.active')}
        </Text>
        <SegmentedControl
          data={[
            { value: 'yes', label: t('common.yes') },
            { value: 'no', label: t('common.no') },
          ]}
          value={form.values.active ? 'yes' : 'no'}
          onChange={(v) => form.setFieldValue('active', v === 'yes')}
          data-testid="user-active"
          w={160}
        />
      </Stack>
    </DetailsForm>
  );
}
