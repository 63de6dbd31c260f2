import { Button, Card, Group, Loader, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type CreateUpdateLicensesBody, LICENCE_FIELDS, type LicencesReply } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../lib/api';
import { matches, required, rules } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useLicences } from '../api/get-licences';
import { useSaveLicences } from '../api/save-licences';
import { contractSchema } from '../../../lib/contract';

type Field = (typeof LICENCE_FIELDS)[number];
type Values = Record<Field, number | string>;

const LABELS: Record<Field, string> = {
  vcx_desktop: 'licences.desktop',
  vcx_mobile: 'licences.mobile',
  call_monitor: 'licences.callMonitor',
  call_recording: 'licences.callRecording',
  analytics: 'licences.analytics',
};

// An emptied NumberInput gives '', which the contract refuses like a missing field.
const toBody = (tenantId: string, values: Values) => ({
  tenant_id: tenantId,
  ...Object.fromEntries(LICENCE_FIELDS.map((f) => [f, values[f] === '' ? undefined : Number(values[f])])),
});
const everyField = <T,>(value: T) => Object.fromEntries(LICENCE_FIELDS.map((f) => [f, value])) as Record<Field, T>;

/** 'All Fields are mandatory!', then the contract's rule: whole numbers of 0 or more. */
const limitRules = (tenantId: string) =>
  rules<Values>(
    required(everyField('allFieldsRequired' as const)),
    matches<Values>(
      contractSchema('CreateUpdateLicensesBody'),
      (values) => toBody(tenantId, values),
      everyField('limitWholeNumber' as const),
    ),
  );

export function LimitsForm({ tenantId }: { tenantId: string }) {
  const { data, isPending } = useLicences(tenantId);
  if (isPending) return <Loader size="sm" data-testid="licences-loading" />;
  if (!data) return null;
  return <Form key={data.updated_at ?? 0} tenantId={tenantId} stored={data} />;
}

function Form({ tenantId, stored }: { tenantId: string; stored: LicencesReply }) {
  const { t, i18n } = useTranslation();
  const save = useSaveLicences();
  const { field, message, submit } = useContractForm<Values>(
    Object.fromEntries(LICENCE_FIELDS.map((f) => [f, stored[f]])) as Values,
    limitRules(tenantId),
    { oneMessage: true },
  );
  // A mobile or desktop limit below use: the server says what it means (licence_below_use); saved only once confirmed.
  const [belowUse, setBelowUse] = useState<{ body: CreateUpdateLicensesBody; message: string } | null>(null);
  const saved = (reply: { message?: string | undefined } | null) => {
    if (reply?.message) notifySuccess(reply.message);
  };
  const onSubmit = submit(async (values) => {
    const body = (await contractSchema('CreateUpdateLicensesBody').load()).parse(toBody(tenantId, values));
    try {
      return await save.mutateAsync(body);
    } catch (error) {
      if (!isApiError(error) || error.code !== 'licence_below_use') throw error;
      setBelowUse({ body, message: error.message });
      return null;
    }
  }, saved);
  const confirmBelowUse = async () => {
    if (!belowUse) return;
    saved(await save.mutateAsync({ ...belowUse.body, confirm_below_use: true }).finally(() => setBelowUse(null)));
  };

  const updated = stored.updated_at ? new Date(stored.updated_at).toLocaleString(i18n.language) : null;
  return (
    <Card padding="xl" data-testid="licences-form">
      <form onSubmit={onSubmit} noValidate>
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
                {...field(f)}
                data-testid={`licences-${f}`}
              />
            ))}
          </SimpleGrid>
          {message && (
            <Text c="red" size="sm" data-testid="licences-error">
              {message}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="licences-updated">
              {updated
                ? t('licences.lastUpdated', { by: stored.last_updated_by, at: updated })
                : t('licences.neverUpdated')}
            </Text>
            <Button type="submit" loading={save.isPending} data-testid="licences-save">
              {t('common.saveUpper')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={belowUse !== null}
        title={t('licences.belowUseTitle')}
        message={belowUse?.message ?? ''}
        confirmLabel={t('licences.belowUseConfirm')}
        confirmColor="orange"
        loading={save.isPending}
        onConfirm={() => void confirmBelowUse()}
        onCancel={() => setBelowUse(null)}
      />
    </Card>
  );
}
