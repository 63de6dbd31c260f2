import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { BULK_APP_MAX } from '@provisio/contract';
import { IconApps, IconChevronDown, IconDownload, IconLink, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { attempt } from '../../../lib/attempt';
import { downloadCsv } from '../../../lib/csv';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { exportExtensions } from '../api/export-extensions';
import { useUpdateExtensionsApp } from '../api/update-extension-app';
import { exportCsv } from './import-csv';
import type { Selection } from './selection';

type App = 'mobile_app_allowed' | 'desktop_app_allowed';
interface AppChange {
  column: App;
  on: boolean;
}

interface BulkBarProps {
  tenantId: string;
  selected: Selection;
  /** Which per-extension app switches exist (none while the app is on for the whole tenant). */
  shown: Record<App, boolean>;
  onClear: () => void;
  onEmail: () => void;
  onRelink: () => void;
}

const APP_LABEL = { mobile_app_allowed: 'tenants.mobileApp', desktop_app_allowed: 'tenants.desktopApp' } as const;

/** Shown while rows are checked (on any page): their count, and what can be done to all of them at once. */
export function BulkBar({ tenantId, selected, shown, onClear, onEmail, onRelink }: BulkBarProps) {
  const { t } = useTranslation();
  const [change, setChange] = useState<AppChange | null>(null);
  const [exporting, setExporting] = useState(false);
  const update = useUpdateExtensionsApp();
  const count = selected.size;
  if (count === 0) return null;
  const apps = (Object.keys(shown) as App[]).filter((c) => shown[c]);

  const ask = (next: AppChange) => {
    if (count > BULK_APP_MAX) return notifyError(t('tenants.bulk.tooMany', { max: BULK_APP_MAX }));
    setChange(next);
  };
  const apply = (c: AppChange) =>
    attempt(async () => {
      const reply = await update.mutateAsync({
        tenant_id: tenantId,
        ids: [...selected.keys()],
        column_name: c.column,
        value: c.on ? 'true' : 'false',
      });
      notifySuccess(reply.message);
      setChange(null);
    });
  const exportSelection = () =>
    attempt(async () => {
      setExporting(true);
      try {
        const data = await exportExtensions(tenantId);
        const chosen = new Set([...selected.values()].map((r) => r.extension));
        const rows = data.rows.filter((r) => chosen.has(r.Extension ?? ''));
        downloadCsv(data.filename.replace(/\.csv$/i, '') + '-selected.csv', exportCsv({ ...data, rows }));
      } finally {
        setExporting(false);
      }
    });

  return (
    <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-primary-color-light)" data-testid="ext-bulk-bar">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600} data-testid="ext-selected-count">
          {t('tenants.selectedCount', { count })}
        </Text>
        <Button variant="subtle" size="xs" leftSection={<IconX size={14} />} onClick={onClear} data-testid="ext-clear">
          {t('tenants.bulk.clear')}
        </Button>
        {apps.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconApps size={14} />}
                rightSection={<IconChevronDown size={14} />}
                data-testid="ext-bulk-apps"
              >
                {t('tenants.bulk.apps')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {apps.flatMap((column) =>
                [true, false].map((on) => (
                  <Menu.Item
                    key={`${column}-${on}`}
                    onClick={() => ask({ column, on })}
                    data-testid={`ext-bulk-${column === 'mobile_app_allowed' ? 'mobile' : 'desktop'}-${on ? 'on' : 'off'}`}
                  >
                    {t(on ? 'tenants.bulk.appOn' : 'tenants.bulk.appOff', { app: t(APP_LABEL[column]) })}
                  </Menu.Item>
                )),
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconSend size={14} />}
          onClick={onEmail}
          data-testid="ext-bulk-send"
        >
          {t('tenants.emailSelected')}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconLink size={14} />}
          onClick={onRelink}
          data-testid="ext-bulk-relink"
        >
          {t('tenants.relink')}
        </Button>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={exporting}
          onClick={() => void exportSelection()}
          data-testid="ext-bulk-export"
        >
          {t('tenants.bulk.export')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={change !== null}
        title={t('tenants.bulk.apps')}
        message={
          change
            ? t(change.on ? 'tenants.bulk.confirmOn' : 'tenants.bulk.confirmOff', {
                app: t(APP_LABEL[change.column]),
                count,
              })
            : ''
        }
        confirmLabel={t('tenants.bulk.apply')}
        confirmColor="brand"
        loading={update.isPending}
        onConfirm={() => change && void apply(change)}
        onCancel={() => setChange(null)}
      />
    </Paper>
  );
}
