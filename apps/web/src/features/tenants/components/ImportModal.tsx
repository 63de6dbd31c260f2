import { Alert, Button, Group, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ImportPreview } from '@provisio/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { downloadCsv } from '../../../lib/csv';
import { notifyInfo } from '../../../lib/notify';
import { importExtensions, type ImportRowValues } from '../api/import-extensions';
import { errorsCsv, errorsFileName } from './import-csv';

export interface ImportCheck {
  fileName: string;
  rows: ImportRowValues[];
  preview: ImportPreview;
}

interface ImportModalProps {
  check: ImportCheck | null;
  onClose: () => void;
  onJob: (jobId: number) => void;
}

const SHOWN_ERRORS = 100;

/** The dry run's preview (to create, to update, unchanged, in error with reasons); Apply starts the import job. */
export function ImportModal({ check, onClose, onJob }: ImportModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const preview = check?.preview;
  const changes = preview ? preview.to_create + preview.to_update : 0;

  async function apply() {
    if (!check) return;
    setBusy(true);
    try {
      await attempt(async () => {
        const reply = await importExtensions(check.rows, false);
        if (reply.job_id) onJob(reply.job_id);
        else notifyInfo(t('tenants.import.nothing'));
        onClose();
      });
    } finally {
      setBusy(false);
    }
  }

  const stat = (label: string, value: number, testId: string, color?: string) => (
    <Stack gap={0} align="center">
      <Text fz={24} fw={700} c={color} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" ta="center">
        {label}
      </Text>
    </Stack>
  );

  return (
    <Modal
      opened={check !== null}
      onClose={onClose}
      title={t('tenants.import.title', { file: check?.fileName ?? '' })}
      size="xl"
      centered
      radius="md"
      data-testid="import-modal"
    >
      {check && preview && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {stat(t('tenants.import.toCreate'), preview.to_create, 'import-to-create', 'teal')}
            {stat(t('tenants.import.toUpdate'), preview.to_update, 'import-to-update', 'blue')}
            {stat(t('tenants.import.unchanged'), preview.unchanged, 'import-unchanged')}
            {stat(
              t('tenants.import.errors'),
              preview.errors.length,
              'import-errors',
              preview.errors.length ? 'red' : undefined,
            )}
          </SimpleGrid>
          {changes === 0 && preview.errors.length === 0 && (
            <Alert color="teal" variant="light" data-testid="import-no-changes">
              {t('tenants.import.noChanges')}
            </Alert>
          )}
          {preview.errors.length > 0 && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{t('tenants.import.errorRows')}</Text>
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => downloadCsv(errorsFileName(check.fileName), errorsCsv(check.rows, preview.errors))}
                  data-testid="import-download-errors"
                >
                  {t('tenants.import.downloadErrors')}
                </Button>
              </Group>
              <ScrollArea.Autosize mah={260} type="auto">
                <Table striped verticalSpacing={4} fz="sm" data-testid="import-error-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('tenants.import.line')}</Table.Th>
                      <Table.Th w={110}>{t('fields.extension')}</Table.Th>
                      <Table.Th>{t('tenants.import.reason')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.errors.slice(0, SHOWN_ERRORS).map((e) => (
                      <Table.Tr key={e.row} data-testid="import-error-row">
                        <Table.Td>{e.row}</Table.Td>
                        <Table.Td>{e.extension}</Table.Td>
                        <Table.Td>{e.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
              {preview.errors.length > SHOWN_ERRORS && (
                <Text size="xs" c="dimmed">
                  {t('jobs.more', { count: preview.errors.length - SHOWN_ERRORS })}
                </Text>
              )}
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="import-cancel">
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void apply()} loading={busy} disabled={changes === 0} data-testid="import-apply">
              {t('tenants.import.apply', { count: changes })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
