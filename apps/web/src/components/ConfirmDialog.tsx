import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The per-entity question, e.g. "Delete reseller Acme?". */
  message: string;
  /** An extra warning shown in an alert (deleting a portal user removes them in all resellers). */
  warning?: string;
  loading?: boolean;
  /** The confirm button's text and colour when the action is not a delete (default: red 'Delete'). */
  confirmLabel?: string;
  confirmColor?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §5: every delete asks first, with Delete and Cancel. */
export function ConfirmDialog({
  opened,
  title,
  message,
  warning,
  loading,
  confirmLabel,
  confirmColor = 'red',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered radius="md" data-testid="confirm-dialog">
      <Stack gap="md">
        <Text data-testid="confirm-message">{message}</Text>
        {warning && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="confirm-warning">
            {warning}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="confirm-cancel">
            {t('common.cancel')}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={loading} data-testid="confirm-delete">
            {confirmLabel ?? t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
