import { Paper, Stack, Title } from '@mantine/core';
import type { ExtensionRow, TenantRow } from '@provisio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { attempt } from '../../../lib/attempt';
import { downloadCsv } from '../../../lib/csv';
import { notifyError } from '../../../lib/notify';
import { exportExtensions } from '../api/export-extensions';
import { useRemoteDomains } from '../api/get-remote-domains';
import { importExtensions } from '../api/import-extensions';
import { tenantKeys } from '../api/keys';
import { relinkExtensions } from '../api/relink-extensions';
import { syncExtensions } from '../api/sync-extensions';
import { EmailQrModal, type QrTarget } from './EmailQrModal';
import { exportCsv, toImportRows } from './import-csv';
import { ImportModal, type ImportCheck } from './ImportModal';
import { InviteModal, type InviteTarget } from './InviteModal';
import { JobsPanel, type JobKind, type RunningJob } from './JobsPanel';
import { shownAppColumns, type Selection } from './selection';
import { BulkBar } from './BulkBar';
import { SubscribersTable } from './SubscribersTable';
import { SubscribersToolbar } from './SubscribersToolbar';
import { TenantAppSwitches } from './TenantAppSwitches';
import { detailsState } from './details-state';

interface TenantWorkspaceProps {
  tenant: TenantRow;
  isAdmin: boolean;
}

type Busy = 'sync' | 'import' | 'export' | 'relink' | null;

/** Everything about one chosen tenant; keyed by tenant, so choosing another starts afresh (spec §4). */
export function TenantWorkspace({ tenant, isAdmin }: TenantWorkspaceProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tid = tenant.tid;
  const domains = useRemoteDomains(tid);
  const [selected, setSelected] = useState<Selection>(new Map());
  const [jobs, setJobs] = useState<RunningJob[]>([]);
  const [busy, setBusy] = useState<Busy>(null);
  const [qrTarget, setQrTarget] = useState<QrTarget | null>(null);
  const [importCheck, setImportCheck] = useState<ImportCheck | null>(null);
  const [confirmRelink, setConfirmRelink] = useState(false);
  const [inviteTarget, setInviteTarget] = useState<InviteTarget | null>(null);
  const selectedRows = [...selected.values()];

  const addJob = (id: number | null, kind: JobKind) => {
    if (id !== null) setJobs((list) => (list.some((j) => j.id === id) ? list : [...list, { id, kind }]));
  };
  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(kind);
    try {
      await attempt(action);
    } finally {
      setBusy(null);
    }
  }

  const onSync = () => run('sync', async () => addJob(await syncExtensions(tid), 'sync'));
  const onExport = () =>
    run('export', async () => {
      const data = await exportExtensions(tid);
      downloadCsv(data.filename, exportCsv(data));
    });
  const onImport = (file: File | null) =>
    file &&
    run('import', async () => {
      const rows = toImportRows(await file.text(), tid);
      if (!rows) return notifyError(t('msg:importInvalidFormat'));
      setImportCheck({ fileName: file.name, rows, preview: await importExtensions(rows, true) });
    });
  const onRelink = () => {
    if (selectedRows.length === 0) return notifyError(t('msg:selectUsersFirst'));
    if (selectedRows.some((r) => !r.email.trim())) return notifyError(t('msg:relinkUserNoEmail'));
    setConfirmRelink(true);
  };
  const relink = () =>
    run('relink', async () => {
      const reply = await relinkExtensions(
        selectedRows.map((r) => ({ tenant_id: tid, email: r.email, extension: r.extension })),
      );
      setConfirmRelink(false);
      addJob(reply.job_id, 'relink');
    });
  const onBulkEmail = () => {
    if (selectedRows.length === 0) return notifyError(t('msg:noUserSelected'));
    if (selectedRows.some((r) => !r.email.trim())) return notifyError(t('msg:userHasNoEmail'));
    setQrTarget({ rows: selectedRows, bulk: true });
  };
  const onSendLink = useCallback(
    (row: ExtensionRow) => {
      if (row.linked && !row.email.trim()) return notifyError(t('msg:userHasNoEmail'));
      setQrTarget({ rows: [row], bulk: false });
    },
    [t],
  );
  const onResend = useCallback((row: ExtensionRow) => setInviteTarget({ kind: 'resend', row }), []);
  const onEdit = useCallback(
    (row: ExtensionRow) => navigate('/tenants/details', { state: detailsState(tenant, row.extension) }),
    [navigate, tenant],
  );

  return (
    <Stack gap="lg">
      <TenantAppSwitches tenant={tenant} />
      <Paper withBorder radius="md" p="md" data-testid="subscribers">
        <Stack gap="md">
          <Title order={3}>{t('tenants.subscribers')}</Title>
          <SubscribersToolbar
            busy={busy}
            onSync={() => void onSync()}
            onRelink={onRelink}
            onImport={(f) => void onImport(f)}
            onExport={() => void onExport()}
            onBulkEmail={onBulkEmail}
            onInviteAll={() => setInviteTarget({ kind: 'all' })}
            onAdd={isAdmin ? () => navigate('/tenants/details', { state: detailsState(tenant, null) }) : undefined}
          />
          <JobsPanel
            jobs={jobs}
            onFinished={() => void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(tid) })}
            onClose={(id) => setJobs((list) => list.filter((j) => j.id !== id))}
          />
        </Stack>
      </Paper>
      <BulkBar
        tenantId={tid}
        selected={selected}
        shown={shownAppColumns(tenant)}
        onClear={() => setSelected(new Map())}
        onEmail={onBulkEmail}
        onRelink={onRelink}
      />
      <SubscribersTable
        tenant={tenant}
        selected={selected}
        onSelectedChange={setSelected}
        onSendLink={onSendLink}
        onEdit={onEdit}
        onResend={onResend}
        canDelete={isAdmin}
      />
      <EmailQrModal
        tenantId={tid}
        target={qrTarget}
        domains={domains.data ?? []}
        onClose={() => setQrTarget(null)}
        onJob={(id) => addJob(id, 'email')}
      />
      <InviteModal
        tenantId={tid}
        target={inviteTarget}
        onClose={() => setInviteTarget(null)}
        onJob={(id) => addJob(id, 'invite')}
      />
      <ImportModal check={importCheck} onClose={() => setImportCheck(null)} onJob={(id) => addJob(id, 'import')} />
      <ConfirmDialog
        opened={confirmRelink}
        title={t('tenants.relinkTitle')}
        message={t('tenants.relinkMessage', { count: selectedRows.length })}
        warning={t('tenants.relinkWarning')}
        confirmLabel={t('tenants.relink')}
        confirmColor="brand"
        loading={busy === 'relink'}
        onConfirm={() => void relink()}
        onCancel={() => setConfirmRelink(false)}
      />
    </Stack>
  );
}
