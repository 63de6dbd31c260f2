import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TwoFactorAccountBody } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifySuccess } from '../../../lib/notify';
import { useResetTwoFactor, useTwoFactorAccount } from '../api/admin';

/** Administrators, on a user's or reseller user's details: whether their second factor is on, and its reset. */
export function TwoFactorAccountCard({ account }: { account: TwoFactorAccountBody }) {
  const { t, i18n } = useTranslation();
  const status = useTwoFactorAccount(account);
  const reset = useResetTwoFactor(account);
  const [asking, setAsking] = useState(false);
  const s = status.data;
  return (
    <Stack gap={6} data-testid="two-factor-account">
      <Text size="sm" fw={500}>
        {t('twoFactor.cardTitle')}
      </Text>
      <Group gap="sm">
        {s && (
          <Badge color={s.enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-account-status">
            {s.enabled && s.enabled_at
              ? t('twoFactor.statusOn', { date: new Date(s.enabled_at).toLocaleDateString(i18n.language) })
              : t('twoFactor.accountOff')}
          </Badge>
        )}
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={!s?.enabled}
          onClick={() => setAsking(true)}
          data-testid="two-factor-reset"
        >
          {t('twoFactor.reset')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('twoFactor.reset')}
        message={t('twoFactor.resetConfirm')}
        confirmLabel={t('twoFactor.reset')}
        loading={reset.isPending}
        onConfirm={() =>
          void reset.mutateAsync().then((r) => {
            setAsking(false);
            if (r.message) notifySuccess(r.message);
          })
        }
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
