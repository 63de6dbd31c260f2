import { Group, Paper, Progress, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { APP_COLUMNS, AppUsageReply, TenantRow } from '@provisio/contract';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppUsage } from '../api/get-app-usage';
import { useUpdateTenantApp } from '../api/update-tenant-app';

interface Props {
  tenant: TenantRow;
}

/** The tenant-level Mobile App and Desktop App switches, each with its use against the licence limit. */
export function TenantAppSwitches({ tenant }: Props) {
  const { t } = useTranslation();
  const update = useUpdateTenantApp();
  const usage = useAppUsage(tenant.tid);

  const item = (
    column: (typeof APP_COLUMNS)[number],
    key: 'mobile' | 'desktop',
    label: string,
    Icon: typeof IconDeviceMobile,
  ) => {
    const use: AppUsageReply['mobile'] | undefined = usage.data?.[key];
    const over = use ? use.used > use.limit : false;
    return (
      <Paper withBorder radius="md" p="md" key={key}>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Icon size={20} stroke={1.6} />
              <Text fw={600}>{label}</Text>
            </Group>
            <Switch
              checked={tenant[column]}
              disabled={update.isPending}
              onChange={(e) =>
                update.mutate({
                  tenant_id: tenant.tid,
                  column_name: column,
                  value: e.currentTarget.checked ? 'true' : 'false',
                })
              }
              aria-label={t('tenants.tenantLevel', { app: label })}
              data-testid={`tenant-${key}-switch`}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {tenant[column] ? t('tenants.onForAll') : t('tenants.perExtension')}
          </Text>
          {use && (
            // Figures of their own query, which the app's first render does not have yet either: left out of the boot
            // view (lib/boot-view.ts), so the page does not move when the app takes over.
            <Stack gap="xs" data-boot-omit>
              <Progress
                value={use.limit > 0 ? Math.min(100, (use.used / use.limit) * 100) : 100}
                color={over || use.used >= use.limit ? 'orange' : 'teal'}
                size="sm"
              />
              <Text size="sm" data-testid={`tenant-${key}-usage`}>
                {t('tenants.usage', { used: use.used, limit: use.limit })}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>
    );
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {item('mobile_app_allowed', 'mobile', t('tenants.mobileApp'), IconDeviceMobile)}
      {item('desktop_app_allowed', 'desktop', t('tenants.desktopApp'), IconDeviceDesktop)}
    </SimpleGrid>
  );
}
