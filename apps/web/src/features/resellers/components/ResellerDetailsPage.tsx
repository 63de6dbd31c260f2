import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ResellerRow } from '@provisio/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { matches } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveReseller } from '../api/save-reseller';
import { SupervisedTenants } from './SupervisedTenants';
import { contractSchema } from '../../../lib/contract';

interface ResellerDetailsPageProps {
  /** More buttons beside Back once the reseller is saved (app/ composes its branding there, issue #19). */
  actions?: (reseller: { id: number; name: string }) => ReactNode;
}

/** Spec §4: before the first save only the name and SAVE; once saved the button says UPDATE and tenants appear. */
export function ResellerDetailsPage({ actions }: ResellerDetailsPageProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<ResellerRow>();
  const [id, setId] = useState<number | undefined>(record?.id);
  const save = useSaveReseller();
  const [savedName, setSavedName] = useState(record?.name ?? '');
  // Spec §4: 'Name is mandatory to save reseller!' (the contract's schema says so).
  const { field, submit } = useContractForm(
    { name: record?.name ?? '' },
    matches(contractSchema('CreateUpdateResellerBody')),
  );

  const onSubmit = submit(
    async ({ name }) => save.mutateAsync((await contractSchema('CreateUpdateResellerBody').load()).parse({ id, name })),
    (reply, values) => {
      setId(reply.id);
      setSavedName(values.name);
      notifySuccess(reply.message);
    },
  );

  return (
    <Stack gap="lg">
      <PageTitle
        title={id ? t('resellers.editTitle') : t('resellers.addTitle')}
        actions={
          <Group gap="sm" wrap="nowrap">
            {id !== undefined && actions?.({ id, name: savedName })}
            <Button variant="default" onClick={() => navigate('/resellers')} data-testid="reseller-back">
              {t('common.back')}
            </Button>
          </Group>
        }
      />
      <Card padding="xl" data-testid="reseller-form">
        <form onSubmit={onSubmit} noValidate>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput
              label={t('resellers.name')}
              required
              {...field('name')}
              data-testid="reseller-name"
              style={{ flex: 1 }}
              miw={240}
            />
            <Button
              type="submit"
              mt={25}
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={16} />}
              data-testid="reseller-save"
            >
              {id ? t('common.updateUpper') : t('common.saveUpper')}
            </Button>
          </Group>
        </form>
      </Card>
      {id ? (
        <SupervisedTenants resellerId={id} />
      ) : (
        <Text c="dimmed" size="sm" data-testid="reseller-save-first">
          {t('resellers.saveFirst')}
        </Text>
      )}
    </Stack>
  );
}
