import { Group, TextInput } from '@mantine/core';
import type { CreateUpdateDomainBody, DomainRow } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailsForm } from '../../../components/DetailsForm';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { matches } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveDomain } from '../api/save-domain';
import { contractSchema } from '../../../lib/contract';

/** Every field is required ('Fields with * are mandatory!'): the server's own schema says so and decides the rest. */
const domainRules = matches<Pick<CreateUpdateDomainBody, 'ext' | 'tenant_id' | 'domain'>>(
  contractSchema('CreateUpdateDomainBody'),
);

/** 'Add Domain' / 'Edit Domain'; extension and tenant are locked when editing; back to /domains afterwards. */
export function DomainDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<DomainRow>();
  const editing = record !== null;
  const { form, field, submit } = useContractForm(
    { ext: record?.ext ?? '', tenant_id: record?.tenant_id ?? '', domain: record?.domain ?? '' },
    domainRules,
  );
  // The mutation shows a refusal itself ('Domain exists' as information).
  const save = useSaveDomain();

  const onSubmit = submit(
    async (values) =>
      save.mutateAsync((await contractSchema('CreateUpdateDomainBody').load()).parse({ ...values, id: record?.id })),
    (reply) => {
      notifySuccess(reply.message);
      return navigate('/domains');
    },
  );

  return (
    <DetailsForm
      title={editing ? t('domains.editTitle') : t('domains.addTitle')}
      testId="domain"
      onSubmit={onSubmit}
      onCancel={() => navigate('/domains')}
      saving={save.isPending}
      upper
    >
      <Group grow align="flex-start" wrap="wrap" gap="md">
        <TextInput
          label={t('fields.extension')}
          required
          {...field('ext')}
          disabled={editing}
          data-testid="domain-ext"
          miw={220}
        />
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
