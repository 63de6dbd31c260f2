import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { CreateUpdateResellerBody, type ResellerRow } from '@provisio/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { notifySuccess } from '../../../lib/notify';
import { useRecordState } from '../../../lib/record-state';
import { useSaveReseller } from '../api/save-reseller';
import { SupervisedTenants } from './SupervisedTenants';

/** Spec §4: before the first save only the name and SAVE; once saved the button says UPDATE and tenants appear. */
export function ResellerDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = useRecordState<ResellerRow>();
  const [id, setId] = useState<number | undefined>(record?.id);
  const [name, setName] = useState(record?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReseller();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CreateUpdateResellerBody.safeParse({ id, name });
    if (!parsed.success) {
      setError(t(`msg:${parsed.error.issues[0]?.message ?? 'resellerNameRequired'}`));
      return;
    }
    setError(null);
    try {
      const reply = await save.mutateAsync(parsed.data);
      setId(reply.id);
      notifySuccess(reply.message);
    } catch {
      // The API client showed the server's message.
    }
  }

  return (
    <Stack gap="lg">
      <PageTitle
        title={id ? t('resellers.editTitle') : t('resellers.addTitle')}
        actions={
          <Button variant="default" onClick={() => navigate('/resellers')} data-testid="reseller-back">
            {t('common.back')}
          </Button>
        }
      />
      <Card padding="xl" data-testid="reseller-form">
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="md" wrap="wrap">
            <TextInput
              label={t('resellers.name')}
              required
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-testid="reseller-name"
              style={{ flex: 1 }}
              miw={240}
            />
            <Button type="submit" mt={25} loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />} data-testid="reseller-save">
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

