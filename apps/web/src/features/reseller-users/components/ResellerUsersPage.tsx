import { Stack } from '@mantine/core';
import type { ResellerUserRow } from '@provisio/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { deleteResellerUser } from '../api/delete-reseller-user';
import { listResellerUsers, resellerUsersKey } from '../api/list-reseller-users';

const NO_COLUMNS: DataColumn<ResellerUserRow>[] = [];

/** `extraColumns`: columns app/ composes in from other features (issue #18: 'View as'). */
export function ResellerUsersPage({ extraColumns = NO_COLUMNS }: { extraColumns?: DataColumn<ResellerUserRow>[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (record: ResellerUserRow | null) => navigate('/reseller_users/details', { state: { record } });
  const columns = useMemo<DataColumn<ResellerUserRow>[]>(
    () => [
      { key: 'id', header: t('fields.id'), cell: (r) => r.id, sortable: true, width: 90 },
      { key: 'name', header: t('fields.name'), cell: (r) => r.name, sortable: true },
      { key: 'email', header: t('fields.email'), cell: (r) => r.email, sortable: true },
      { key: 'reseller_name', header: t('fields.reseller'), cell: (r) => r.reseller_name },
      ...extraColumns,
    ],
    [t, extraColumns],
  );
  return (
    <Stack gap="lg">
      <PageTitle title={t('nav.resellerUsers')} subtitle={t('resellerUsers.subtitle')} />
      <DataTable
        testId="reseller-users"
        queryKey={resellerUsersKey}
        fetcher={listResellerUsers}
        columns={columns}
        rowKey={(r) => r.id}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={{
          title: t('resellerUsers.deleteTitle'),
          message: (r) => t('resellerUsers.deleteConfirm', { name: r.name }),
          run: (r) => deleteResellerUser(r.id),
        }}
      />
    </Stack>
  );
}
