import { ActionIcon, Button, Card, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconMailSearch, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { attempt } from '../../../lib/attempt';
import { useSession } from '../../../lib/session';
import { useTenant } from '../api/get-tenant';
import { prefetchTenantScreen } from '../api/first-screen';
import { syncTenants } from '../api/sync-tenants';
import { AddTenantModal } from './AddTenantModal';
import { tenantsPath } from './details-state';
import { JobsPanel, type RunningJob } from './JobsPanel';
import { TenantWorkspace } from './TenantWorkspace';

/** /tenants (Extension Management): the chosen tenant lives in `?tenant=`, so coming back from details keeps it. */
export function TenantsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tid = params.get('tenant');
  const tenant = useTenant(tid);
  // The server refuses admin-only calls anyway; this only hides buttons others could not use.
  const isAdmin = useSession().creds?.user_type === 'admin';
  const [jobs, setJobs] = useState<RunningJob[]>([]);
  const [syncing, setSyncing] = useState(false);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (!tid) return;
    // The table's first page and the provisioning dates its Linked column shows, asked for together while the
    // tenant is looked up: the table is then drawn once, not again when the dates arrive. (Opened directly, all
    // three are in the cache before the first render: app/first-screen.ts.)
    void prefetchTenantScreen(queryClient, tid);
  }, [tid, queryClient]);

  const choose = (next: string | null) => setParams(next ? { tenant: next } : {}, { replace: true });

  async function sync() {
    setSyncing(true);
    try {
      await attempt(async () => {
        const id = await syncTenants();
        if (id !== null)
          setJobs((list) => (list.some((j) => j.id === id) ? list : [...list, { id, kind: 'tenantsSync' }]));
      });
    } finally {
      setSyncing(false);
    }
  }

  return (
    <Stack gap="lg">
      <PageTitle title={t('tenants.title')} subtitle={t('tenants.subtitle')} />
      <Card padding="lg" data-testid="tenant-picker">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TenantTypeahead
              label={t('fields.tenant')}
              value={tid}
              valueLabel={tenant.data ? `${tenant.data.tname} (${tenant.data.tid})` : undefined}
              onChange={choose}
              testId="tenants-tenant"
              w={{ base: '100%', sm: 380 }}
            />
            <Tooltip label={t('tenants.syncTenants')}>
              <ActionIcon
                variant="light"
                size={36}
                loading={syncing}
                onClick={() => void sync()}
                aria-label={t('tenants.syncTenants')}
                data-testid="tenants-sync"
              >
                <IconRefresh size={18} />
              </ActionIcon>
            </Tooltip>
            <Button
              variant="default"
              leftSection={<IconMailSearch size={16} />}
              onClick={() => navigate(tenantsPath(tid).replace('/tenants', '/tenants/check_email'))}
              data-testid="tenants-check-email"
            >
              {t('tenants.checkEmail')}
            </Button>
            {isAdmin && (
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setAdding(true)}
                data-testid="tenants-add"
              >
                {t('tenants.addTenant')}
              </Button>
            )}
          </Group>
          <JobsPanel
            jobs={jobs}
            onFinished={() => void queryClient.invalidateQueries({ queryKey: ['lookup', 'tenants'] })}
            onClose={(id) => setJobs((list) => list.filter((j) => j.id !== id))}
          />
        </Stack>
      </Card>
      {!tid && (
        <Text c="dimmed" data-testid="tenants-choose">
          {t('tenants.chooseFirst')}
        </Text>
      )}
      {tid && tenant.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {tid && tenant.data === null && (
        <Text c="red" data-testid="tenants-not-found">
          {t('tenants.notFound')}
        </Text>
      )}
      {tenant.data && <TenantWorkspace key={tenant.data.tid} tenant={tenant.data} isAdmin={isAdmin} />}
      <AddTenantModal opened={adding} onClose={() => setAdding(false)} onCreated={choose} />
    </Stack>
  );
}
