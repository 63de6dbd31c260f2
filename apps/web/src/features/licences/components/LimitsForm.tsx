import { Button, Card, Group, Loader, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CreateUpdateLicensesBody, LICENCE_FIELDS, type LicencesReply } from '@provisio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import { useLicences } from '../api/get-licences';
import { useSaveLicences } from '../api/save-licences';

type Field = (typeof LICENCE_FIELDS)[number];
type Values = Record<Field, number | string>;

const LABELS: Record<Field, string> = {
  vcx_desktop: 'licences.desktop',
  vcx_mobile: 'licences.mobile',
  call_monitor: 'licences.callMonitor',
  call_recording: 'licences.callRecording',
  analytics: 'licences.analytics',
};

export function LimitsForm({ tenantId }: { tenantId: string }) {
  const { data, isPending } = useLicences(tenantId);
  if (isPending) return <Loader size="sm" data-testid="licences-loading" />;
  if (!data) return null;
  return <Form key={data.updated_at ?? 0} tenantId={tenantId} stored={data} />;
}

function Form({ tenantId, stored }: { tenantId: string; stored: LicencesReply }) {
  const { t, i18n } = useTranslation();
  const save = useSaveLicences();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(LICENCE_FIELDS.map((f) => [f, stored[f]])) as Values);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An emptied NumberInput gives '', which the contract refuses with 'All Fields are mandatory!'.
    const body = Object.fromEntries(LICENCE_FIELDS.map((f) => [f, values[f] === '' ? undefined : Number(values[f])]));
    const parsed = CreateUpdateLicensesBody.safeParse({ tenant_id: tenantId, ...body });
    if (!parsed.success) {
      const missing = LICENCE_FIELDS.some((f) => values[f] === '');
      setError(t(`msg:${missing ? 'allFieldsRequired' : 'limitWholeNumber'}`));
      return;
    }
    setError(null);
    await attempt(async () => {
      const reply = await save.mutateAsync(parsed.data);
      if (reply.message) notifySuccess(reply.message);
    });
  }

  const updated = stored.updated_at ? new Date(stored.updated_at).toLocaleString(i18n.language) : null;
  return (
    <Card padding="xl" data-testid="licences-form">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={3} fz="lg">
            {t('licences.setLimits')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {LICENCE_FIELDS.map((f) => (
              <NumberInput
                key={f}
                label={t(LABELS[f])}
                required
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={values[f]}
                onChange={(v) => setValues((prev) => ({ ...prev, [f]: v }))}
                data-testid={`licences-${f}`}
              />
            ))}
          </SimpleGrid>
          {error && (
            <Text c="red" size="sm" data-testid="licences-error">
              {error}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="licences-updated">
              {updated ? t('licences.lastUpdated', { by: stored.last_updated_by, at: updated }) : t('licences.neverUpdated')}
            </Text>
            <Button type="submit" loading={save.isPending} data-testid="licences-save">
              {t('common.saveUpper')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
