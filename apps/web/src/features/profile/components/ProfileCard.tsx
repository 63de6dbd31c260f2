import { Button, Card, Divider, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { UpdateProfileFields, type ProfileReply } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import { useProfileDetails } from '../api/get-profile-details';
import { useUpdateProfile } from '../api/update-profile';
import { PicturePicker } from './PicturePicker';

const shape = UpdateProfileFields.shape;

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
  const form = useForm({
    initialValues: { name: profile.name, email: profile.email, phone_number: profile.phone_number },
    validate: {
      name: (value) => (shape.name.safeParse(value).success ? null : t('validation.required')),
      email: (value) => (shape.email.safeParse(value.trim()).success ? null : t('profile.invalidEmail')),
      phone_number: (value) => (shape.phone_number.safeParse(value).success ? null : t('profile.invalidPhone')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      await update.mutateAsync({ ...values, email: values.email.trim(), file });
      notifySuccess(t('msg:profileUpdated'));
      setFile(null);
      form.resetDirty();
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PicturePicker currentUrl={profile.url} name={profile.name} file={file} onChange={setFile} />
        <Divider />
        <Group grow align="flex-start" wrap="wrap" gap="md">
          <TextInput label={t('profile.name')} required data-testid="profile-name" miw={220} {...form.getInputProps('name')} />
          <TextInput label={t('profile.username')} value={profile.username} readOnly variant="filled" data-testid="profile-username" miw={220} />
        </Group>
        <Group grow align="flex-start" wrap="wrap" gap="md">
          <TextInput label={t('profile.email')} type="email" autoComplete="email" data-testid="profile-email" miw={220} {...form.getInputProps('email')} />
          <TextInput label={t('profile.phone')} type="tel" autoComplete="tel" data-testid="profile-phone" miw={220} {...form.getInputProps('phone_number')} />
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
