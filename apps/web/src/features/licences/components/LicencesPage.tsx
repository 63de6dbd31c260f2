import { Card, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { TenantTypeahead } from '../../../components/TenantTypeahead';
import { LimitsForm } from './LimitsForm';

export function LicencesPage() {
  const { t } = useTranslation();
  const [tenant, setTenant] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <PageTitle title={t('nav.licenses')} subtitle={t('licences.subtitle')} />
      <Card padding="xl">
        <TenantTypeahead
          label={t('fields.tenant')}
          value={tenant}
          onChange={setTenant}
          testId="licences-tenant"
          w={{ base: '100%', sm: 420 }}
        />
      </Card>
      {tenant ? (
        <LimitsForm key={tenant} tenantId={tenant} />
      ) : (
        <Text c="dimmed" data-testid="licences-choose">
          {t('licences.chooseFirst')}
        </Text>
      )}
    </Stack>
  );
}
