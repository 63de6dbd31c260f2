import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditRow } from '@provisio/contract';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { downloadCsv, downloadText } from '../../../lib/csv';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { AUDIT_EXPORT_CAP, auditCsv, fetchAuditExport } from '../api/export-audit';
import { auditKey, getAuditLog, type AuditFilters } from '../api/get-audit-log';
import { AuditDiff } from './AuditDiff';

const ACTION_COLORS = { create: 'teal', update: 'blue', delete: 'red' } as const;
const DAY_MS = 86_400_000;

/** Beyond the spec: who changed which record, when, from where, with the values before and after. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [entity, setEntity] = useState<AuditFilters['entity']>();
  const [action, setAction] = useState<AuditFilters['action']>();
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [tenant, setTenant] = useState<string | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);
  const [actorTerm] = useDebouncedValue(actor.trim(), 300);
  const filters: AuditFilters = {
    entity,
    action,
    actor: actorTerm || undefined,
    tenant_id: tenant ?? undefined,
    from: from ? new Date(`${from}T00:00:00`).getTime() : undefined,
    // The 'to' day is included whole.
    to: to ? new Date(`${to}T00:00:00`).getTime() + DAY_MS - 1 : undefined,
  };

  const columns = useMemo<DataColumn<AuditRow>[]>(
    () => [
      {
        key: 'at',
        header: t('audit.when'),
        sortable: true,
        cell: (r) => new Date(r.at).toLocaleString(i18n.language),
        width: 190,
      },
      {
        key: 'actor_name',
        header: t('audit.who'),
        sortable: true,
        cell: (r) => (
          <Stack gap={0}>
            <Text size="sm" data-testid="audit-who">
              {/* Issue #18: a change made while an administrator viewed the portal as the actor names both. */}
              {r.viewer_name ? t('viewAs.auditAs', { viewer: r.viewer_name, user: r.actor_name }) : r.actor_name}
            </Text>
            <Text size="xs" c="dimmed">
              {r.actor_type}
            </Text>
          </Stack>
        ),
      },
      { key: 'ip', header: t('audit.from'), cell: (r) => r.ip },
      {
        key: 'entity',
        header: t('audit.entity'),
        sortable: true,
        cell: (r) => t(`audit.entities.${r.entity}`, { defaultValue: r.entity }),
      },
      { key: 'entity_id', header: t('audit.entityId'), cell: (r) => r.entity_id },
      {
        key: 'action',
        header: t('audit.action'),
        sortable: true,
        cell: (r) => (
          <Badge variant="light" color={ACTION_COLORS[r.action]}>
            {t(`audit.actions.${r.action}`)}
          </Badge>
        ),
      },
    ],
    [t, i18n.language],
  );

  /** Issue #19: the current filter's rows as CSV or JSON, for compliance teams. */
  const exportAs = async (format: 'csv' | 'json') => {
    setExporting(format);
    try {
      const result = await fetchAuditExport(filters);
      if ('tooMany' in result) {
        notifyError(t('audit.exportTooMany', { count: result.tooMany, max: AUDIT_EXPORT_CAP }));
        return;
      }
      const name = `audit-${new Date().toISOString().slice(0, 10)}`;
      if (format === 'csv') downloadCsv(`${name}.csv`, auditCsv(result.rows));
      else downloadText(`${name}.json`, JSON.stringify(result.rows, null, 2), 'application/json');
      notifySuccess(t('audit.exported', { count: result.rows.length }));
    } finally {
      setExporting(null);
    }
  };

  const toolbar = (
    <Group gap="sm" wrap="wrap">
      <Select
        placeholder={t('audit.entity')}
        aria-label={t('audit.entity')}
        data={AUDIT_ENTITIES.map((e) => ({ value: e, label: t(`audit.entities.${e}`) }))}
        value={entity ?? null}
        onChange={(v) => setEntity(AUDIT_ENTITIES.find((e) => e === v))}
        clearable
        w={180}
        data-testid="audit-entity"
      />
      <Select
        placeholder={t('audit.action')}
        aria-label={t('audit.action')}
        data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
        value={action ?? null}
        onChange={(v) => setAction(AUDIT_ACTIONS.find((a) => a === v))}
        clearable
        w={140}
        data-testid="audit-action"
      />
      <TenantTypeahead
        aria-label={t('audit.tenant')}
        placeholder={t('audit.tenant')}
        value={tenant}
        onChange={(v) => setTenant(v)}
        testId="audit-tenant"
        w={220}
      />
      <TextInput
        placeholder={t('audit.actor')}
        aria-label={t('audit.actor')}
        value={actor}
        onChange={(e) => setActor(e.currentTarget.value)}
        w={160}
        data-testid="audit-actor"
      />
      <TextInput
        type="date"
        aria-label={t('audit.fromDate')}
        title={t('audit.fromDate')}
        value={from}
        onChange={(e) => setFrom(e.currentTarget.value)}
        w={150}
        data-testid="audit-from"
      />
      <TextInput
        type="date"
        aria-label={t('audit.toDate')}
        title={t('audit.toDate')}
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
        w={150}
        data-testid="audit-to"
      />
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        loading={exporting === 'csv'}
        disabled={exporting !== null}
        onClick={() => void exportAs('csv')}
        data-testid="audit-export-csv"
      >
        {t('audit.exportCsv')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        loading={exporting === 'json'}
        disabled={exporting !== null}
        onClick={() => void exportAs('json')}
        data-testid="audit-export-json"
      >
        {t('audit.exportJson')}
      </Button>
    </Group>
  );

  return (
    <Stack gap="lg">
      <PageTitle title={t('nav.audit')} subtitle={t('audit.subtitle')} />
      <DataTable
        testId="audit"
        queryKey={auditKey(filters)}
        fetcher={(params) => getAuditLog(filters, params)}
        columns={columns}
        rowKey={(r) => r.id}
        initialSort={{ key: 'at', order: 'desc' }}
        toolbar={toolbar}
        renderExpanded={(r) => <AuditDiff row={r} />}
        emptyText={t('audit.empty')}
      />
    </Stack>
  );
}
