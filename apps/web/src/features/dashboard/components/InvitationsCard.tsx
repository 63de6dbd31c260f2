import { Card, Group, Progress, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { DashboardReply } from '@provisio/contract';
import { useTranslation } from 'react-i18next';

type Counts = NonNullable<DashboardReply['invitations']>;
const STEPS: { key: keyof Counts; color: string }[] = [
  { key: 'not_invited', color: 'gray' },
  { key: 'invited', color: 'blue' },
  { key: 'qr_opened', color: 'cyan' },
  { key: 'provisioned', color: 'teal' },
];

/** Extensions per invitation step (issue #14), with failed invitations and pending re-provisioning apart. */
export function InvitationsCard({ counts }: { counts: Counts }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  const total = STEPS.reduce((sum, s) => sum + counts[s.key], 0);
  const share = (n: number) => (total > 0 ? (n / total) * 100 : 0);
  const figure = (key: keyof Counts, color: string) => (
    <Stack gap={0} key={key} data-testid={`invitations-${key}`} data-value={counts[key]}>
      <Group gap={6} wrap="nowrap">
        <div style={{ width: 10, height: 10, borderRadius: 5, background: `var(--mantine-color-${color}-6)` }} />
        <Text size="sm" c="dimmed">
          {t(`dashboard.invitations.${key}`)}
        </Text>
      </Group>
      <Text fw={700} fz="xl">
        {numbers.format(counts[key])}
      </Text>
    </Stack>
  );
  return (
    <Card padding="lg" data-testid="card-invitations">
      <Title order={4} mb={4}>
        {t('dashboard.invitations.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('dashboard.invitations.hint')}
      </Text>
      <Progress.Root size="xl" radius="xl" mb="md">
        {STEPS.map(({ key, color }) => (
          <Tooltip key={key} label={`${t(`dashboard.invitations.${key}`)}: ${numbers.format(counts[key])}`}>
            <Progress.Section value={share(counts[key])} color={color} />
          </Tooltip>
        ))}
      </Progress.Root>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {STEPS.map(({ key, color }) => figure(key, color))}
        {figure('invite_failed', 'red')}
        {figure('reprovision_pending', 'orange')}
        {figure('revoked', 'dark')}
      </SimpleGrid>
    </Card>
  );
}
