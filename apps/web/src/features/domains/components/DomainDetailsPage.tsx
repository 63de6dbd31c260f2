import { Group, TextInput } from '@mantine/core';
import { CreateUpdateDomainBody, isMessageKey, type DomainRow } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailsForm } from '../../../components/DetailsForm';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { useCatalogueForm, type CatalogueErrors } from '../../../lib/catalogue-form';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useSaveDomain } from '../api/save-domain';

interface DomainValues {
  ext: string;
  tenant_id: string;
  domain: string;
}

/** The server's own schema decides; each field shows its first refusal, in the catalogue's words. */
function validateDomain(values: DomainValues): CatalogueErrors<DomainValues> {
  const parsed = CreateUpdateDomainBody.safeParse(values);
  const errors: CatalogueErrors<DomainValues> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const f = issue.path[0] as keyof DomainValues;
    if (f in values) errors[f] ??= isMessageKey(issue.message) ? issue.message : 'validationFailed';
  }
  return errors;
}

/** 'Add Domain' / 'Edit Domain'; extension and tenant are locked when editing; back to /domains afterwards. */
export function DomainDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<DomainRow>();
  const editing = record !== null;
  const { form, field } = useCatalogueForm<DomainValues>({ ext: record?.ext ?? '', tenant_id: record?.tenant_id ?? '', domain: record?.domain ?? '' }, validateDomain);
  const save = useSaveDomain();

  const submit = form.onSubmit(async (values) => {
    try {
      const reply = await save.mutateAsync(CreateUpdateDomainBody.parse({ ...values, id: record?.id }));
      notifySuccess(reply.message);
      navigate('/domains');
    } catch {
      // Shown by the mutation ('Domain exists' as information).
    }
  });

  return (
    <DetailsForm
      title={editing ? t('domains.editTitle') : t('domains.addTitle')}
      testId="domain"
      onSubmit={submit}
      onCancel={() => navigate('/domains')}
      saving={save.isPending} upper
    >
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TextInput label={t('fields.extension')} required {...field('ext')} disabled={editing} data-testid="domain-ext" miw={220} />
        <TenantTypeahead
          label={t('fields.tenantId')}
          required
          value={form.values.tenant_id || null}
          onChange={(v) => form.setFieldValue('tenant_id', v ?? '')}
          disabled={editing}
          error={field('tenant_id').error}
          testId="domain-tenant"
          w="auto"
        />
      </Group>
      <TextInput label={t('fields.domain')} required {...field('domain')} data-testid="domain-name" />
    </DetailsForm>
  );
}
