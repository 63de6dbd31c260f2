import { Stack } from '@mantine/core';
import type { DomainRow } from '@provisio/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { deleteDomain } from '../api/delete-domain';
import { domainsKey, listDomains } from '../api/list-domains';

export function DomainsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (record: DomainRow | null) => navigate('/domains/details', { state: { record } });
  const columns = useMemo<DataColumn<DomainRow>[]>(
    () => [
      { key: 'id', header: t('fields.id'), cell: (r) => r.id, sortable: true, width: 90 },
      { key: 'ext', header: t('fields.extension'), cell: (r) => r.ext, sortable: true },
      { key: 'domain', header: t('fields.domain'), cell: (r) => r.domain, sortable: true },
      { key: 'tenant_id', header: t('fields.tenant'), cell: (r) => r.tenant_id, sortable: true },
    ],
    [t],
  );
  return (
    <Stack gap="lg">
      <PageTitle title={t('nav.domains')} subtitle={t('domains.subtitle')} />
      <DataTable
        testId="domains"
        queryKey={domainsKey}
        fetcher={listDomains}
        columns={columns}
        rowKey={(r) => r.id}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={{
          title: t('domains.deleteTitle'),
          message: (r) => t('domains.deleteConfirm', { name: r.domain }),
          run: (r) => deleteDomain(r.id),
        }}
      />
    </Stack>
  );
}
