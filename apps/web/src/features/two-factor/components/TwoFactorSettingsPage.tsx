import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard';

/**
 * /sign_in_security (administrators): the two-factor policy. A screen of its own rather than a card on Users: the
 * policy governs reseller users as much as portal users, and the next sign-in settings (issue #18) belong here.
 */
export function TwoFactorSettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle title={t('twoFactor.nav')} subtitle={t('twoFactor.navSubtitle')} />
      <TwoFactorPolicyCard />
    </Stack>
  );
}
