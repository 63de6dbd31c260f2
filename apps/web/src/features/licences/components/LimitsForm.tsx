import { Button, Card, Group, Loader, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LICENCE_FIELDS, type LicencesReply } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
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
  const onSubmit = submit(
    async (values) =>
      save.mutateAsync((await contractSchema('CreateUpdateLicensesBody').load()).parse(toBody(tenantId, values))),
    (reply) => {
      if (reply.message) notifySuccess(reply.message);
    },
  );

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
    </Card>
  );
}
