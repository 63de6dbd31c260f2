import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface StatCardProps {
  id: string;
  label: string;
  hint: string;
  value: number | undefined;
  loading: boolean;
  icon: Icon;
  color: string;
  format: (value: number) => string;
}

export function StatCard({ id, label, hint, value, loading, icon: Icon, color, format }: StatCardProps) {
  return (
    <Card padding="lg" data-testid={`stat-${id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
            {label}
          </Text>
          {value === undefined && loading ? (
            <Skeleton height={34} width={80} mt={4} />
          ) : (
            <Text fz={32} fw={800} lh={1.1} data-testid={`stat-${id}-value`}>
              {value === undefined ? '—' : format(value)}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <Icon size={26} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        {hint}
      </Text>
    </Card>
  );
}
