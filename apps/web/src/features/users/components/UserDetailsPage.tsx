import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { CreateUpdateUserBody, UserRow } from '@provisio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailsForm } from '../../../components/DetailsForm';
import { PasswordField } from '../../../components/PasswordField';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { NewAccountPassword, matches, required, rules } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveUser } from '../api/save-user';
import { contractSchema } from '../../../lib/contract';

type UserFormValues = Omit<CreateUpdateUserBody, 'id' | 'password' | 'user_id' | 'cloud_id'> & { password: string };

/** Spec §5: name, email and username required, then the server's schema; on create a password of 6 characters. */
const userRules = (creating: boolean) =>
  rules<UserFormValues>(
    required({
      name: 'starFieldsRequired',
      email: 'starFieldsRequired',
      username: 'starFieldsRequired',
      ...(creating && { password: 'userPasswordRequired' }),
    }),
    matches(contractSchema('CreateUpdateUserBody')),
    creating && matches(NewAccountPassword),
  );

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
/** `extra`: what the app composes below an existing user's form (issue #18: their second factor). */
export function UserDetailsPage({ extra }: { extra?: (id: number) => ReactNode } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<UserRow>();
  const creating = record === null;
  const { form, field, submit } = useContractForm(initialValues(record), userRules(creating));
  const save = useSaveUser();

  const onSubmit = submit(
    ({ password, ...rest }) => save.mutateAsync({ ...rest, id: record?.id, password: creating ? password : undefined }),
    (reply) => {
      notifySuccess(reply.message);
      return navigate('/users');
    },
  );

  return (
    <DetailsForm
      title={creating ? t('users.addTitle') : t('users.editTitle')}
      testId="user"
      onSubmit={onSubmit}
      onCancel={() => navigate('/users')}
      saving={save.isPending}
    >
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TextInput label={t('fields.name')} required {...field('name')} data-testid="user-name" miw={220} />
        <TextInput
          label={t('fields.email')}
          required
          type="email"
          {...field('email')}
          data-testid="user-email"
          miw={220}
        />
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
        <TextInput
          label={t('fields.subscriberId')}
          {...field('subscriber_id')}
          data-testid="user-subscriber"
          miw={220}
        />
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
      {record && extra?.(record.id)}
    </DetailsForm>
  );
}
