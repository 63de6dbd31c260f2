import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { VIEW_AS_LIMITS, type ViewAsBody } from '@provisio/contract';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Rule } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { useStartViewAs } from '../hooks/use-view-as';

/** The contract's limits on the reason, with the server's own messages for it. */
const reasonRule: Rule<{ reason: string }> = ({ reason }) => {
  const length = reason.trim().length;
  if (length < VIEW_AS_LIMITS.reasonMin) return { reason: 'viewAsReasonRequired' };
  return length > VIEW_AS_LIMITS.reasonMax ? { reason: 'viewAsReasonTooLong' } : {};
};

export interface ViewAsTarget {
  principal_type: ViewAsBody['principal_type'];
  id: number;
  name: string;
}

interface ViewAsDialogProps {
  target: ViewAsTarget | null;
  onClose: () => void;
}

/** Asks the administrator why they view the portal as this account; the reason goes to the audit trail. */
export function ViewAsDialog({ target, onClose }: ViewAsDialogProps) {
  const { t } = useTranslation();
  const start = useStartViewAs();
  const { form, field, message, submit } = useContractForm({ reason: '' }, reasonRule, { refusals: 'inline' });
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = submit(
    (values) =>
      start({ principal_type: target?.principal_type ?? 'user', id: target?.id ?? 0, reason: values.reason.trim() }),
    () => form.reset(),
  );

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={t('viewAs.dialogTitle', { name: target?.name ?? '' })}
      centered
      radius="md"
      data-testid="view-as-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('viewAs.dialogText')}</Text>
          <Textarea
            label={t('viewAs.reason')}
            placeholder={t('viewAs.reasonPlaceholder')}
            description={t('viewAs.reasonHint', {
              count: form.values.reason.trim().length,
              max: VIEW_AS_LIMITS.reasonMax,
            })}
            required
            autosize
            minRows={2}
            maxLength={VIEW_AS_LIMITS.reasonMax}
            data-autofocus
            {...field('reason')}
            data-testid="view-as-reason"
          />
          {message && (
            <Alert color="red" variant="light" data-testid="view-as-error">
              {message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-testid="view-as-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color="orange"
              leftSection={<IconEye size={16} />}
              loading={form.submitting}
              data-testid="view-as-start"
            >
              {t('viewAs.start')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
