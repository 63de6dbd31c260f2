import {
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  Progress,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { DashboardReply, RecentFailures, TenantLicenceUse } from '@provisio/contract';
import { IconAlertTriangle, IconDeviceDesktop, IconDeviceMobile, IconLicense } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** How much of the extension base uses the apps: linking share and app access. */
export function UsageCards({ summary }: { summary: DashboardReply }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const linked = percent(summary.linked_extensions, summary.extensions);
  const access = [
    {
      key: 'mobile',
      label: t('dashboard.mobile'),
      value: summary.mobile_enabled,
      icon: IconDeviceMobile,
      color: 'brand',
    },
    {
      key: 'desktop',
      label: t('dashboard.desktop'),
      value: summary.desktop_enabled,
      icon: IconDeviceDesktop,
      color: 'secondary',
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card padding="lg" data-testid="card-linking">
        <Title order={4} mb="md">
          {t('dashboard.linkingTitle')}
        </Title>
        <Group gap="xl" wrap="nowrap">
          <RingProgress
            size={128}
            thickness={12}
            roundCaps
            sections={[{ value: linked, color: 'brand' }]}
            label={
              <Center>
                <Text fw={800} fz={24}>
                  {linked}%
                </Text>
              </Center>
            }
          />
          <Text c="dimmed">
            {t('dashboard.linkingOf', {
              linked: numbers.format(summary.linked_extensions),
              total: numbers.format(summary.extensions),
            })}
          </Text>
        </Group>
      </Card>
      <Card padding="lg" data-testid="card-app-access">
        <Title order={4} mb="md">
          {t('dashboard.adoptionTitle')}
        </Title>
        <Stack gap="lg">
          {access.map(({ key, label, value, icon: Icon, color }) => {
            const share = percent(value, summary.extensions);
            return (
              <div key={key}>
                <Group justify="space-between" mb={6}>
                  <Group gap={8}>
                    <Icon size={18} />
                    <Text fw={500}>{label}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('dashboard.ofExtensions', { percent: share })}
                  </Text>
                </Group>
                <Progress value={share} color={color} size="lg" radius="xl" />
              </div>
            );
          })}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

function limitColor(u: { used: number; limit: number }, base: string): string {
  if (u.used > u.limit) return 'red';
  if (u.limit > 0 && u.used / u.limit >= 0.8) return 'orange';
  return base;
}

/** The tenants fullest against their app licences (server-side: at most five, fullest first). */
export function LicenceUseCard({ rows }: { rows: TenantLicenceUse[] }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <Card padding="lg" data-testid="card-licence-use">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="light" color="brand">
          <IconLicense size={18} />
        </ThemeIcon>
        <div>
          <Title order={4}>{t('dashboard.licenceUse')}</Title>
          <Text size="sm" c="dimmed">
            {t('dashboard.licenceUseHint')}
          </Text>
        </div>
      </Group>
      {rows.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('dashboard.licenceNone')}
        </Text>
      )}
      <Stack gap="md">
        {rows.map((row) => (
          <div key={row.tenant_id} data-testid="licence-use-row">
            <Text fw={600} size="sm" mb={4} truncate>
              {row.tenant_name}
            </Text>
            {(['mobile', 'desktop'] as const).map((app) => {
              const u = row[app];
              const share = u.limit > 0 ? Math.min(100, (u.used / u.limit) * 100) : u.used > 0 ? 100 : 0;
              const state =
                u.used > u.limit
                  ? t('dashboard.licenceOver')
                  : u.limit > 0 && u.used === u.limit
                    ? t('dashboard.licenceFull')
                    : null;
              return (
                <Group key={app} gap="sm" wrap="nowrap" mb={4}>
                  <Text size="xs" c="dimmed" w={96} style={{ flexShrink: 0 }}>
                    {t(`dashboard.${app}`)}
                  </Text>
                  <Progress
                    value={share}
                    color={limitColor(u, app === 'mobile' ? 'brand' : 'secondary')}
                    size="md"
                    radius="xl"
                    style={{ flex: 1 }}
                    aria-label={`${row.tenant_name} ${t(`dashboard.${app}`)}`}
                  />
                  <Text
                    size="xs"
                    w={88}
                    ta="right"
                    style={{ flexShrink: 0 }}
                    c={state ? limitColor(u, 'dimmed') : 'dimmed'}
                    title={state ?? undefined}
                    data-testid={`licence-use-${app}`}
                  >
                    {t('dashboard.licenceOf', { used: numbers.format(u.used), limit: numbers.format(u.limit) })}
                  </Text>
                </Group>
              );
            })}
            {(row.mobile.used > row.mobile.limit || row.desktop.used > row.desktop.limit) && (
              <Text size="xs" c="red" data-testid="licence-use-over">
                {t('dashboard.licenceOverExplained', { tenant: row.tenant_name })}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/** What failed in the last 24 hours; rows the caller may not see (null) are left out. */
export function FailuresCard({ failures }: { failures: RecentFailures }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const rows = [
    { key: 'logs', label: t('dashboard.failedLogs'), value: failures.log_errors },
    { key: 'mail', label: t('dashboard.failedMail'), value: failures.mail },
    { key: 'jobs', label: t('dashboard.failedJobs'), value: failures.jobs },
  ].filter((r): r is { key: string; label: string; value: number } => r.value !== null);
  const none = rows.every((r) => r.value === 0);
  return (
    <Card padding="lg" data-testid="card-recent-failures">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="light" color={none ? 'teal' : 'red'}>
          <IconAlertTriangle size={18} />
        </ThemeIcon>
        <div>
          <Title order={4}>{t('dashboard.recentFailures')}</Title>
          <Text size="sm" c="dimmed">
            {none ? `${t('dashboard.failuresHint')} · ${t('dashboard.noFailures')}` : t('dashboard.failuresHint')}
          </Text>
        </div>
      </Group>
      <Stack gap="xs">
        {rows.map((r) => (
          <Group key={r.key} justify="space-between" wrap="nowrap" data-testid={`failures-${r.key}`}>
            <Text size="sm">{r.label}</Text>
            <Group gap="sm" wrap="nowrap">
              {r.key === 'logs' && r.value > 0 && (
                <Anchor component={Link} to="/logs" size="sm" data-testid="failures-open-logs">
                  {t('dashboard.openLogs')}
                </Anchor>
              )}
              <Badge
                variant="light"
                color={r.value > 0 ? 'red' : 'gray'}
                size="lg"
                data-testid={`failures-${r.key}-value`}
              >
                {numbers.format(r.value)}
              </Badge>
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
