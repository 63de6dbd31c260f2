import { Card, Center, Group, Progress, RingProgress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { DashboardReply } from '@provisio/contract';
import { IconAlertTriangle, IconDeviceDesktop, IconDeviceMobile, IconLicense } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/** How much of the extension base uses the apps: linking share and app access. */
export function UsageCards({ summary }: { summary: DashboardReply }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const linked = percent(summary.linked_extensions, summary.extensions);
  const access = [
    { key: 'mobile', label: t('dashboard.mobile'), value: summary.mobile_enabled, icon: IconDeviceMobile, color: 'brand' },
    { key: 'desktop', label: t('dashboard.desktop'), value: summary.desktop_enabled, icon: IconDeviceDesktop, color: 'secondary' },
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

/** Space kept for the cards later releases add; they say so plainly instead of showing made-up numbers. */
export function LaterCards() {
  const { t } = useTranslation();
  const cards = [
    { key: 'licence-use', title: t('dashboard.licenceUse'), icon: IconLicense },
    { key: 'recent-failures', title: t('dashboard.recentFailures'), icon: IconAlertTriangle },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {cards.map(({ key, title, icon: Icon }) => (
        <Card key={key} padding="lg" shadow="none" style={{ borderStyle: 'dashed', background: 'transparent' }} data-testid={`card-${key}`}>
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" color="gray">
              <Icon size={22} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{title}</Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.laterCard')}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
