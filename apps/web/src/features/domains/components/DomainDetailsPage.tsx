import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { CreateUpdateDomainBody, type DomainRow } from '@provisio/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useSaveDomain } from '../api/save-domain';

type Field = 'ext' | 'tenant_id' | 'domain';

/** 'Add Domain' / 'Edit Domain'; extension and tenant are locked when editing; back to /domains afterwards. */
export function DomainDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<DomainRow>();
  const editing = record !== null;
  const [values, setValues] = useState({ ext: record?.ext ?? '', tenant_id: record?.tenant_id ?? '', domain: record?.domain ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveDomain();
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateUpdateDomainBody.safeParse({ ...values, id: record?.id });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(`msg:${issue.message}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const reply = await save.mutateAsync(parsed.data);
      notifySuccess(reply.message);
      navigate('/domains');
    } catch {
      // Shown by the mutation ('Domain exists' as information).
    }
  }

  return (
    <Stack gap="lg">
      <PageTitle title={editing ? t('domains.editTitle') : t('domains.addTitle')} />
      <Card padding="xl" data-testid="domain-form">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap" gap="md">
              <TextInput label={t('fields.extension')} required value={values.ext} onChange={(e) => set('ext', e.currentTarget.value)} disabled={editing} error={errors.ext} data-testid="domain-ext" miw={220} />
              <TenantTypeahead
                label={t('fields.tenantId')}
                required
                value={values.tenant_id || null}
                onChange={(v) => set('tenant_id', v ?? '')}
                disabled={editing}
                error={errors.tenant_id}
                testId="domain-tenant"
                w="auto"
              />
            </Group>
            <TextInput label={t('fields.domain')} required value={values.domain} onChange={(e) => set('domain', e.currentTarget.value)} error={errors.domain} data-testid="domain-name" />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => navigate('/domains')} data-testid="domain-cancel">
                {t('common.cancelUpper')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="domain-save">
                {t('common.saveUpper')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
