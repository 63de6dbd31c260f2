import { ActionIcon, Alert, Anchor, Button, SimpleGrid, Stack, Tooltip } from '@mantine/core';
import type { DashboardReply } from '@provisio/contract';
import {
  IconAlertTriangle,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconInfoCircle,
  IconLink,
  IconPhone,
  IconRefresh,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../app/use-current-user';
import { PageTitle } from '../../../components/PageTitle';
import { useSession } from '../../../lib/session';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { StatCard } from './StatCard';
import { InvitationsCard } from './InvitationsCard';
import { FailuresCard, LicenceUseCard, UsageCards } from './UsageCards';

type CountKey = 'resellers' | 'tenants' | 'extensions' | 'linked_extensions' | 'mobile_enabled' | 'desktop_enabled';

const STATS: { key: CountKey & keyof DashboardReply; icon: Icon; color: string }[] = [
  { key: 'resellers', icon: IconBuildingStore, color: 'violet' },
  { key: 'tenants', icon: IconBuildingSkyscraper, color: 'brand' },
  { key: 'extensions', icon: IconPhone, color: 'secondary' },
  { key: 'linked_extensions', icon: IconLink, color: 'teal' },
  { key: 'mobile_enabled', icon: IconDeviceMobile, color: 'orange' },
  { key: 'desktop_enabled', icon: IconDeviceDesktop, color: 'pink' },
];

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { creds } = useSession();
  const summary = useDashboardSummary();
  // A simple user whose account names no company sees nothing: say why instead of a page of zeros (issue #20).
  const noCompany = useCurrentUser().role === 'simple user' && summary.data?.tenants === 0;
  const numbers = new Intl.NumberFormat(i18n.language);
  const today = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(new Date());

  return (
    <Stack gap="lg" data-testid="dashboard">
      <PageTitle
        title={t('dashboard.welcome', { name: creds?.name ?? '' })}
        subtitle={`${today} · ${t('dashboard.subtitle')}`}
        actions={
          <Tooltip label={t('dashboard.refresh')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('dashboard.refresh')}
              loading={summary.isFetching}
              onClick={() => void summary.refetch()}
              data-testid="dashboard-refresh"
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        }
      />
      {noCompany && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={t('dashboard.noCompanyTitle')}
          data-testid="dashboard-no-company"
        >
          {t('dashboard.noCompanyBody')}
        </Alert>
      )}
      {summary.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('dashboard.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void summary.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </Alert>
      )}
      {!!summary.data?.webhooks_disabled && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('webhooks.noticeTitle')}
          data-testid="dashboard-webhooks-disabled"
        >
          {t('webhooks.noticeBody', { count: summary.data.webhooks_disabled })}{' '}
          <Anchor component={Link} to="/webhooks">
            {t('webhooks.noticeLink')}
          </Anchor>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
        {STATS.map(({ key, icon, color }) => (
          <StatCard
            key={key}
            id={key}
            label={t(`dashboard.stats.${key}`)}
            hint={t(`dashboard.hints.${key}`)}
            value={summary.data?.[key]}
            loading={summary.isPending}
            icon={icon}
            color={color}
            format={(value) => numbers.format(value)}
          />
        ))}
      </SimpleGrid>
      {summary.data && <UsageCards summary={summary.data} />}
      {summary.data?.invitations && <InvitationsCard counts={summary.data.invitations} />}
      {summary.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <LicenceUseCard rows={summary.data.licence_use} />
          <FailuresCard failures={summary.data.recent_failures} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
