import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileCard } from './ProfileCard';

/** /userEdit: any signed-in user's own profile and password; `cards` are what the app adds (issue #18: two-factor). */
export function UserEditPage({ cards }: { cards?: ReactNode } = {}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ProfileCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <ChangePasswordCard />
            {cards}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
