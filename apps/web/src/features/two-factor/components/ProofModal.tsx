import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { TwoFactorProofBody } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { FORM_MESSAGE } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { CodeField } from './CodeField';

interface ProofModalProps<R> {
  opened: boolean;
  title: string;
  confirmLabel: string;
  confirmColor?: string;
  run: (body: TwoFactorProofBody) => Promise<R>;
  onDone: (reply: R) => void;
  onClose: () => void;
}

/** Turning the factor off and new recovery codes ask for the password or a current code. */
export function ProofModal<R>({ opened, title, confirmLabel, confirmColor, run, onDone, onClose }: ProofModalProps<R>) {
  const { t } = useTranslation();
  const { form, field, message, submit } = useContractForm(
    { password: '', code: '' },
    (v) => {
      if (v.password === '' && v.code.trim() === '') return { [FORM_MESSAGE]: 'twoFactorProofRequired' };
      if (v.password === '' && !/^\d{6}$/.test(v.code.replace(/[\s-]/g, ''))) return { code: 'twoFactorCodeMalformed' };
      return {};
    },
    { refusals: 'inline' },
  );
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = submit(
    ({ password, code }) => run(password !== '' ? { password } : { code }),
    (reply) => {
      form.reset();
      onDone(reply);
    },
  );
  return (
    <Modal opened={opened} onClose={close} title={title} centered radius="md" data-testid="two-factor-proof">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('twoFactor.proofHint')}
          </Text>
          <PasswordInput
            label={t('twoFactor.password')}
            autoComplete="current-password"
            data-testid="two-factor-proof-password"
            {...field('password')}
          />
          <CodeField label={t('twoFactor.orCode')} size="sm" data-testid="two-factor-proof-code" {...field('code')} />
          {message && (
            <Text c="red.7" size="sm" role="alert">
              {message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={confirmColor} loading={form.submitting} data-testid="two-factor-proof-submit">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
