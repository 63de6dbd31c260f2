import { Button, Center, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconKey, IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/QrCode';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import { useRevokeApp, useRotateActivation } from '../api/app-activation';

interface AppActivationActionsProps {
  tenantId: string;
  extension: string;
  email: string;
}

/** Revoke a linked extension's app, or give it a new activation QR; both ask first (issue #14). */
export function AppActivationActions({ tenantId, extension, email }: AppActivationActionsProps) {
  const { t } = useTranslation();
  const revoke = useRevokeApp();
  const rotate = useRotateActivation();
  const [confirm, setConfirm] = useState<'revoke' | 'rotate' | null>(null);
  const [sendEmail, setSendEmail] = useState(true);
  const [qrValue, setQrValue] = useState<string | null>(null);
  const body = { tenant_id: tenantId, extension };

  // A refusal was shown by the API client; the dialog closes either way.
  const onRevoke = async () => {
    await attempt(async () => notifySuccess((await revoke.mutateAsync(body)).message));
    setConfirm(null);
  };
  const onRotate = async () => {
    await attempt(async () => {
      const res = await rotate.mutateAsync({ ...body, send_email: sendEmail });
      notifySuccess(res.message);
      setQrValue(res.qrValue);
    });
    setConfirm(null);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="app-activation">
      <Stack gap="sm">
        <Text fw={600}>{t('tenants.activation.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('tenants.activation.help')}
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconKey size={16} />}
            onClick={() => setConfirm('rotate')}
            data-testid="activation-rotate"
          >
            {t('tenants.activation.rotate')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconPlugConnectedX size={16} />}
            onClick={() => setConfirm('revoke')}
            data-testid="activation-revoke"
          >
            {t('tenants.activation.revoke')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm === 'revoke'}
        title={t('tenants.activation.revokeTitle')}
        message={t('tenants.activation.revokeMessage', { extension })}
        warning={t('tenants.activation.revokeWarning')}
        confirmLabel={t('tenants.activation.revoke')}
        loading={revoke.isPending}
        onConfirm={() => void onRevoke()}
        onCancel={() => setConfirm(null)}
      />
      <Modal
        opened={confirm === 'rotate'}
        onClose={() => setConfirm(null)}
        title={t('tenants.activation.rotateTitle')}
        centered
        radius="md"
        data-testid="activation-rotate-dialog"
      >
        <Stack gap="md">
          <Text>{t('tenants.activation.rotateMessage', { extension })}</Text>
          <Checkbox
            checked={sendEmail}
            onChange={(e) => setSendEmail(e.currentTarget.checked)}
            label={t('tenants.activation.sendEmail', { email })}
            data-testid="activation-send-email"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void onRotate()} loading={rotate.isPending} data-testid="activation-rotate-confirm">
              {t('tenants.activation.rotate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={qrValue !== null}
        onClose={() => setQrValue(null)}
        title={t('tenants.activation.qrTitle')}
        centered
        radius="md"
      >
        <Stack gap="md">
          <Center>
            {qrValue && (
              <QrCode value={qrValue} title={t('tenants.activation.qrTitle')} testId="activation-qr" framed={false} />
            )}
          </Center>
          <Text size="sm" c="dimmed">
            {t('tenants.activation.qrHelp')}
          </Text>
        </Stack>
      </Modal>
    </Paper>
  );
}
