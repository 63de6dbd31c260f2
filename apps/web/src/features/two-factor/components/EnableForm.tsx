import { Button, Group, Stack, Text } from '@mantine/core';
import type { RecoveryCodesReply, TwoFactorSetupReply } from '@provisio/contract';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/use-contract-form';
import { codeRule } from '../code-rules';
import { CodeField } from './CodeField';
import { QrSecret } from './QrSecret';

interface EnableFormProps {
  setup: TwoFactorSetupReply;
  run: (code: string) => Promise<RecoveryCodesReply>;
  onDone: (reply: RecoveryCodesReply) => void;
  onCancel: () => void;
}

/** The new secret, and the first code of it that turns the factor on. */
export function EnableForm({ setup, run, onDone, onCancel }: EnableFormProps) {
  const { t } = useTranslation();
  const { field, message, submit, form } = useContractForm({ code: '' }, codeRule<{ code: string }>('code'), {
    refusals: 'inline',
  });
  const onSubmit = submit(({ code }) => run(code), onDone);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="two-factor-enable">
      <Stack gap="md">
        <QrSecret setup={setup} />
        <CodeField label={t('twoFactor.confirmCode')} data-testid="two-factor-code-input" {...field('code')} />
        {message && (
          <Text c="red.7" size="sm" role="alert" data-testid="two-factor-error">
            {message}
          </Text>
        )}
        <Group gap="sm">
          <Button type="submit" loading={form.submitting} data-testid="two-factor-submit">
            {t('twoFactor.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
