import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPalette } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResellerBranding } from './ResellerBranding';

/** Administrators: the reseller's branding in a dialog, from the reseller's details screen. */
export function ResellerBrandingButton({ resellerId, name }: { resellerId: number; name: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPalette size={16} />}
        onClick={open}
        data-testid={`reseller-branding-${resellerId}`}
      >
        {t('branding.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        size="xl"
        title={name ? t('branding.resellerTitle', { name }) : t('branding.title')}
        data-testid="branding-modal"
      >
        {opened && <ResellerBranding resellerId={resellerId} admin onCancel={close} />}
      </Modal>
    </>
  );
}
