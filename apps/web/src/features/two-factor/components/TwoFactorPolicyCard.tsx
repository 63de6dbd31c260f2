import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { TwoFactorPolicy } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/admin';

/**
 * Administrators: who must use two-factor sign-in. On the Users screen, beside the accounts it governs (there is no
 * settings screen; the policy covers reseller users too, which the card says).
 */
const POLICIES = ['off', 'admins', 'reseller_users', 'everyone'] as const satisfies readonly TwoFactorPolicy[];

export function TwoFactorPolicyCard() {
  const { t } = useTranslation();
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  const [value, setValue] = useState<TwoFactorPolicy | null>(null);
  const current = value ?? policy.data?.required_for ?? null;
  return (
    <Card padding="lg" data-testid="two-factor-policy">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={3} fz="md">
            {t('twoFactor.policyTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('twoFactor.policyHint')}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end">
          <Select
            aria-label={t('twoFactor.policyTitle')}
            data={POLICIES.map((p) => ({ value: p, label: t(`twoFactor.policy.${p}`) }))}
            value={current}
            onChange={(v) => setValue(v as TwoFactorPolicy | null)}
            allowDeselect={false}
            w={240}
            data-testid="two-factor-policy-select"
          />
          <Button
            disabled={!value || value === policy.data?.required_for}
            loading={save.isPending}
            onClick={() =>
              value &&
              void save.mutateAsync(value).then((r) => {
                setValue(null);
                if (r.message) notifySuccess(r.message);
              })
            }
            data-testid="two-factor-policy-save"
          >
            {t('common.save')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
