import { Group, TextInput } from '@mantine/core';
import type { ResellerUserRow } from '@provisio/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailsForm } from '../../../components/DetailsForm';
import { PasswordField } from '../../../components/PasswordField';
import { NewAccountPassword, matches, required, rules } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveResellerUser } from '../api/save-reseller-user';
import { UserResellers } from './UserResellers';
import { contractSchema } from '../../../lib/contract';

interface ResellerUserValues {
  name: string;
  email: string;
  password: string;
}

/** Spec §5: name and email required, then the server's schema; on create a password of at least 6 characters. */
const resellerUserRules = (creating: boolean) =>
  rules<ResellerUserValues>(
    required({
      name: 'starFieldsRequired',
      email: 'starFieldsRequired',
      ...(creating && { password: 'resellerUserPasswordRequired' }),
    }),
    matches(contractSchema('CreateUpdateResellerUserBody')),
    creating && matches(NewAccountPassword),
  );

/** 'Add User' / 'Edit User'; once the user exists, the resellers they belong to. Password on create only. */
/** `extra`: what the app composes below an existing reseller user's form (issue #18: their second factor). */
export function ResellerUserDetailsPage({ extra }: { extra?: (id: number) => ReactNode } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<ResellerUserRow>();
  const [id, setId] = useState<number | undefined>(record?.id);
  const creating = id === undefined;
  const { form, field, submit } = useContractForm(
    { name: record?.name ?? '', email: record?.email ?? '', password: '' },
    resellerUserRules(creating),
  );
  const save = useSaveResellerUser();

  const onSubmit = submit(
    (values) =>
      save.mutateAsync({
        id,
        name: values.name.trim(),
        email: values.email.trim(),
        password: creating ? values.password : undefined,
      }),
    (reply) => {
      notifySuccess(reply.message);
      setId(reply.id);
      form.setFieldValue('password', '');
    },
  );

  return (
    <DetailsForm
      title={creating ? t('resellerUsers.addTitle') : t('resellerUsers.editTitle')}
      testId="reseller-user"
      onSubmit={onSubmit}
      onCancel={() => navigate('/reseller_users')}
      saving={save.isPending}
      after={id !== undefined && <UserResellers userId={id} />}
    >
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TextInput label={t('fields.name')} required {...field('name')} data-testid="reseller-user-name" miw={220} />
        <TextInput
          label={t('fields.email')}
          required
          type="email"
          {...field('email')}
          data-testid="reseller-user-email"
          miw={220}
        />
      </Group>
      {creating && (
        <PasswordField label={t('fields.password')} required {...field('password')} testId="reseller-user-password" />
      )}
      {id !== undefined && extra?.(id)}
    </DetailsForm>
  );
}
