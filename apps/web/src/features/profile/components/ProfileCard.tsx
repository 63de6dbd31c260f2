import { Button, Card, Divider, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ProfileReply } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useProfileDetails } from '../api/get-profile-details';
import { useUpdateProfile } from '../api/update-profile';
import { PicturePicker } from './PicturePicker';
import { contractSchema, lazy } from '../../../lib/contract';

/** The server's schema decides; the screen words each field's refusal its own way. */
const profileRules = matches<{ name: string; email: string; phone_number: string }>(
  lazy(async () =>
    (await contractSchema('UpdateProfileFields').load()).pick({ name: true, email: true, phone_number: true }),
  ),
  (values) => ({ ...values, email: values.email.trim() }),
  { name: 'validation.required', email: 'profile.invalidEmail', phone_number: 'profile.invalidPhone' },
);

export function ProfileCard() {
  const { t } = useTranslation();
  const { data: profile } = useProfileDetails();
  return (
    <Card padding="xl" data-testid="profile-card">
      <Stack gap={2} mb="lg">
        <Title order={3} fz="lg">
          {t('profile.profileCard')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profile.profileCardHint')}
        </Text>
      </Stack>
      {profile ? <ProfileForm key={profile.id} profile={profile} /> : <ProfileSkeleton />}
    </Card>
  );
}

function ProfileForm({ profile }: { profile: ProfileReply }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [file, setFile] = useState<File | null>(null);
  const { form, field, submit } = useContractForm(
    { name: profile.name, email: profile.email, phone_number: profile.phone_number },
    profileRules,
  );

  const onSubmit = submit(
    (values) => update.mutateAsync({ ...values, email: values.email.trim(), file }),
    () => {
      notifySuccess(t('msg:profileUpdated'));
      setFile(null);
      form.resetDirty();
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PicturePicker currentUrl={profile.url} name={profile.name} file={file} onChange={setFile} />
        <Divider />
        <Group grow align="flex-start" wrap="wrap" gap="md">
          <TextInput label={t('profile.name')} required data-testid="profile-name" miw={220} {...field('name')} />
          <TextInput
            label={t('profile.username')}
            value={profile.username}
            readOnly
            variant="filled"
            data-testid="profile-username"
            miw={220}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap" gap="md">
          <TextInput
            label={t('profile.email')}
            type="email"
            autoComplete="email"
            data-testid="profile-email"
            miw={220}
            {...field('email')}
          />
          <TextInput
            label={t('profile.phone')}
            type="tel"
            autoComplete="tel"
            data-testid="profile-phone"
            miw={220}
            {...field('phone_number')}
          />
        </Group>
        <Button type="submit" loading={update.isPending} data-testid="profile-save" style={{ alignSelf: 'flex-start' }}>
          {t('profile.save')}
        </Button>
      </Stack>
    </form>
  );
}

function ProfileSkeleton() {
  return (
    <Stack gap="md">
      <Group>
        <Skeleton circle height={96} />
        <Skeleton height={14} width={160} />
      </Group>
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}
