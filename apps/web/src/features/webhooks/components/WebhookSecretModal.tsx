import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebhookSecret } from './WebhookSecret';

/** The new secret after a rotation, shown once. */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.rotated')} size="lg" centered>
      {secret && <WebhookSecret secret={secret} onDone={onClose} />}
    </Modal>
  );
}
