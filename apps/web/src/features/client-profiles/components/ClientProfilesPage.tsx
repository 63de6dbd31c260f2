import { Stack } from '@mantine/core';
import type { ProfileRow } from '@provisio/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../app/use-current-user';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { deleteProfile, listProfiles, profilesKey } from '../api/profiles';

/** /client_profiles: Id, Profile Name, Company, Transport, Proxy, Outbound Proxy Host, Expiry; edit, delete, Add New. */
export function ClientProfilesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (record: ProfileRow | null) => navigate('/client_profiles/details', { state: { record } });
  // Simple and reseller users read the profiles of their tenants; adding, changing and deleting are an admin's (#20).
  const role = useCurrentUser().role;
  const admin = role !== 'simple user' && role !== 'reseller user';
  const columns = useMemo<DataColumn<ProfileRow>[]>(
    () => [
      { key: 'id', header: t('fields.id'), cell: (r) => r.id, sortable: true, width: 80 },
      {
        key: 'profile_name',
        header: t('clientProfiles.columns.profileName'),
        cell: (r) => r.profile_name,
        sortable: true,
      },
      {
        key: 'company',
        header: t('clientProfiles.columns.company'),
        cell: (r) => r.company || t('clientProfiles.allTenants'),
        sortable: true,
      },
      {
        key: 'transport',
        header: t('clientProfiles.columns.transport'),
        cell: (r) => r.transport.toUpperCase(),
        sortable: true,
      },
      { key: 'proxy', header: t('clientProfiles.columns.proxy'), cell: (r) => r.proxy, sortable: true },
      {
        key: 'outboundproxyhost',
        header: t('clientProfiles.columns.outboundProxyHost'),
        cell: (r) => r.outboundproxyhost,
        sortable: true,
      },
      {
        key: 'expires',
        header: t('clientProfiles.columns.expiry'),
        cell: (r) => r.expires,
        sortable: true,
        width: 100,
      },
    ],
    [t],
  );
  return (
    <Stack gap="lg">
      <PageTitle title={t('nav.clientProfiles')} subtitle={t('clientProfiles.subtitle')} />
      <DataTable
        testId="profiles"
        queryKey={profilesKey}
        fetcher={listProfiles}
        columns={columns}
        rowKey={(r) => r.id}
        onAdd={admin ? () => open(null) : undefined}
        onEdit={open}
        onDelete={
          admin
            ? {
                title: t('clientProfiles.deleteTitle'),
                message: (r) => t('clientProfiles.deleteConfirm', { name: r.profile_name }),
                warning: t('clientProfiles.deleteWarning'),
                run: (r) => deleteProfile(r.id),
              }
            : undefined
        }
      />
    </Stack>
  );
}
