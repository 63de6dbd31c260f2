import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useResellerBranding } from '../api/get-reseller-branding';
import { BrandingForm } from './BrandingForm';

interface ResellerBrandingProps {
  resellerId: number;
  admin: boolean;
  onCancel?: () => void;
}

/** One reseller's branding form, once the server has said what it holds and whether the caller may change it. */
export function ResellerBranding({ resellerId, admin, onCancel }: ResellerBrandingProps) {
  const { t } = useTranslation();
  const query = useResellerBranding(resellerId);
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!query.data)
    return (
      <Text c="dimmed" size="sm" data-testid="branding-failed">
        {t('branding.loadFailed')}
      </Text>
    );
  return <BrandingForm branding={query.data} admin={admin} onCancel={onCancel} />;
}
