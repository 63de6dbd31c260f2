import { Badge, Stack } from '@mantine/core';
import type { UserRow } from '@provisio/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { deleteUser } from '../api/delete-user';
import { listUsers, usersKey } from '../api/list-users';

const NO_COLUMNS: DataColumn<UserRow>[] = [];

/** `extraColumns`: columns app/ composes in from other features (issue #18: 'View as'). */
export function UsersPage({ extraColumns = NO_COLUMNS }: { extraColumns?: DataColumn<UserRow>[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (record: UserRow | null) => navigate('/users/details', { state: { record } });
  const columns = useMemo<DataColumn<UserRow>[]>(
    () => [
      { key: 'id', header: t('fields.id'), cell: (r) => r.id, sortable: true, width: 80 },
      { key: 'name', header: t('fields.name'), cell: (r) => r.name, sortable: true },
      { key: 'username', header: t('fields.username'), cell: (r) => r.username, sortable: true },
      { key: 'email', header: t('fields.email'), cell: (r) => r.email, sortable: true },
      // The tenant's name, its id as a hint (issue #20: the column showed the id only).
      {
        key: 'company',
        header: t('fields.company'),
        cell: (r) => (r.company_name ? <span title={r.company}>{r.company_name}</span> : r.company),
        sortable: true,
      },
      {
        key: 'active',
        header: t('fields.active'),
        sortable: true,
        cell: (r) => (
          <Badge variant="light" color={r.active ? 'teal' : 'gray'}>
            {r.active ? t('common.yes') : t('common.no')}
          </Badge>
        ),
      },
      ...extraColumns,
    ],
    [t, extraColumns],
  );
  return (
    <Stack gap="lg">
      <PageTitle title={t('nav.users')} subtitle={t('users.subtitle')} />
      <DataTable
        testId="users"
        queryKey={usersKey}
        fetcher={listUsers}
        columns={columns}
        rowKey={(r) => r.id}
        onAdd={() => open(null)}
        onEdit={open}
        onDelete={{
          title: t('users.deleteTitle'),
          message: (r) => t('users.deleteConfirm', { name: r.name }),
          warning: t('users.deleteWarning'),
          run: (r) => deleteUser(r.id),
        }}
      />
    </Stack>
  );
}
