import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ResellerTenantRow } from '@provisio/contract';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { useAddResellerTenant } from '../api/add-reseller-tenant';
import { deleteResellerTenant } from '../api/delete-reseller-tenant';
import { getResellerTenants, resellerTenantsKey } from '../api/get-reseller-tenants';
import { attempt } from '../../../lib/attempt';

export function SupervisedTenants({ resellerId }: { resellerId: number }) {
  const { t } = useTranslation();
  const [tenant, setTenant] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddResellerTenant(resellerId);
  const columns = useMemo<DataColumn<ResellerTenantRow>[]>(
    () => [
      { key: 'id', header: t('fields.id'), cell: (r) => r.id, sortable: true, width: 100 },
      { key: 'tenant_id', header: t('fields.tenantId'), cell: (r) => r.tenant_id, sortable: true },
      { key: 'tname', header: t('fields.tenantName'), cell: (r) => r.tname, sortable: true },
    ],
    [t],
  );

  async function addTenant() {
    if (!tenant) {
      setError(t('msg:selectResellerAndTenant'));
      return;
    }
    setError(null);
    await attempt(async () => {
      await add.mutateAsync({ reseller_id: resellerId, tenant_id: tenant });
      setTenant(null);
    });
  }

  return (
    <Card padding="xl" data-testid="reseller-tenants">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {t('resellers.tenantsTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('resellers.tenantsHint')}
          </Text>
        </Stack>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TenantTypeahead
            value={tenant}
            onChange={(v) => {
              setTenant(v);
              setError(null);
            }}
            error={error}
            testId="reseller-tenant-picker"
            w={360}
          />
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void addTenant()}
            loading={add.isPending}
            data-testid="reseller-tenant-add"
          >
            {t('common.add')}
          </Button>
        </Group>
        <DataTable
          testId="reseller-tenant-table"
          queryKey={resellerTenantsKey(resellerId)}
          fetcher={(params) => getResellerTenants(resellerId, params)}
          columns={columns}
          rowKey={(r) => r.id}
          emptyText={t('resellers.noTenants')}
          onDelete={{
            title: t('resellers.removeTenantTitle'),
            message: (r) => t('resellers.removeTenantConfirm', { name: r.tname }),
            run: (r) => deleteResellerTenant(r.id),
          }}
        />
      </Stack>
    </Card>
  );
}
