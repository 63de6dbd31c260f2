import { Stack } from '@mantine/core';
import type { ResellerRow } from '@provisio/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { deleteReseller } from '../api/delete-reseller';
import { listResellers, resellersKey } from '../api/list-resellers';

export function ResellersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (record: ResellerRow | null) => navigate('/resellers/details', { state: { record } });
  const columns = useMemo<DataColumn<ResellerRow>[]>(
    () => [
      { key: 'id', header: t('fields.id'), cell: (r) => r.id, sortable: true, width: 100 },
      { key: 'name', header: t('fields.name'), cell: (r) => r.name, sortable: true },
    ],
    [t],
  );
  return (
    <Stack gap="lg">
      <PageTitle title={t('nav.resellers')} subtitle={t('resellers.subtitle')} />
      <DataTable
        testId="resellers"
        queryKey={resellersKey}
        fetcher={listResellers}
        columns={columns}
        rowKey={(r) => r.id}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={{
          title: t('resellers.deleteTitle'),
          message: (r) => t('resellers.deleteConfirm', { name: r.name }),
          warning: t('resellers.deleteWarning'),
          run: (r) => deleteReseller(r.id),
        }}
      />
    </Stack>
  );
}
