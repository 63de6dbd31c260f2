import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useBrandingResellers } from '../api/branding-resellers';
import { ResellerBranding } from './ResellerBranding';

/** Reseller users (issue #19): the branding of each reseller they belong to. */
export function BrandingPage() {
  const { t } = useTranslation();
  const resellers = useBrandingResellers();
  return (
    <Stack gap="lg">
      <PageTitle title={t('branding.title')} subtitle={t('branding.subtitle')} />
      {resellers.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (resellers.data ?? []).length === 0 ? (
        <Text c="dimmed" data-testid="branding-no-resellers">
          {t('branding.noResellers')}
        </Text>
      ) : (
        (resellers.data ?? []).map((r) => (
          <Card key={r.id} padding="xl" data-testid={`branding-card-${r.id}`}>
            <Title order={3} fz="lg" mb="md">
              {r.name}
            </Title>
            <ResellerBranding resellerId={r.id} admin={false} />
          </Card>
        ))
      )}
    </Stack>
  );
}
