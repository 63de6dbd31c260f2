import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { RecoveryCodesReply, TwoFactorSetupReply } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import {
  setupTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useNewRecoveryCodes,
  useTwoFactorStatus,
} from '../api/own';
import { EnableForm } from './EnableForm';
import { ProofModal } from './ProofModal';
import { RecoveryCodes } from './RecoveryCodes';

/** The profile screen's card: turn the second factor on (QR, code, recovery codes), off, or get new codes. */
export function TwoFactorCard() {
  const { t, i18n } = useTranslation();
  const status = useTwoFactorStatus();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useNewRecoveryCodes();
  const [setup, setSetup] = useState<TwoFactorSetupReply | null>(null);
  const [starting, setStarting] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [proof, setProof] = useState<'off' | 'codes' | null>(null);

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await setupTwoFactor());
    } finally {
      setStarting(false);
    }
  };
  const s = status.data;
  const since = s?.enabled_at ? new Date(s.enabled_at).toLocaleDateString(i18n.language) : '';

  let body;
  if (!s) body = <Loader size="sm" />;
  else if (codes) body = <RecoveryCodes codes={codes} doneLabel={t('twoFactor.saved')} onDone={() => setCodes(null)} />;
  else if (setup)
    body = (
      <EnableForm
        setup={setup}
        run={(code) => enable.mutateAsync({ code })}
        onDone={(reply: RecoveryCodesReply) => {
          setSetup(null);
          setCodes(reply.recovery_codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  else if (s.enabled)
    body = (
      <Stack gap="sm">
        <Text size="sm" data-testid="two-factor-codes-left">
          {t('twoFactor.codesLeft', { count: s.recovery_codes_left })}
        </Text>
        <Group gap="sm">
          <Button variant="light" onClick={() => setProof('codes')} data-testid="two-factor-new-codes">
            {t('twoFactor.newCodes')}
          </Button>
          <Button variant="light" color="red" onClick={() => setProof('off')} data-testid="two-factor-turn-off">
            {t('twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
    );
  else
    body = (
      <Button
        onClick={() => void start()}
        loading={starting}
        style={{ alignSelf: 'flex-start' }}
        data-testid="two-factor-turn-on"
      >
        {t('twoFactor.turnOn')}
      </Button>
    );

  return (
    <Card padding="xl" data-testid="two-factor-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} fz="lg">
              {t('twoFactor.cardTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('twoFactor.cardHint')}
            </Text>
          </div>
          {s && (
            <Badge
              color={s.enabled ? 'teal' : 'gray'}
              variant="light"
              style={{ flexShrink: 0 }}
              data-testid="two-factor-badge"
            >
              {s.enabled ? t('twoFactor.statusOn', { date: since }) : t('twoFactor.statusOff')}
            </Badge>
          )}
        </Group>
        {s?.required && !s.enabled && (
          <Alert color="orange" variant="light">
            {t('twoFactor.required')}
          </Alert>
        )}
        {body}
      </Stack>
      <ProofModal
        opened={proof === 'off'}
        title={t('twoFactor.proofTitleOff')}
        confirmLabel={t('twoFactor.turnOff')}
        confirmColor="red"
        run={(b) => disable.mutateAsync(b)}
        onDone={(reply) => {
          setProof(null);
          if (reply.message) notifySuccess(reply.message);
        }}
        onClose={() => setProof(null)}
      />
      <ProofModal
        opened={proof === 'codes'}
        title={t('twoFactor.proofTitleCodes')}
        confirmLabel={t('twoFactor.newCodes')}
        run={(b) => renew.mutateAsync(b)}
        onDone={(reply) => {
          setProof(null);
          setCodes(reply.recovery_codes);
        }}
        onClose={() => setProof(null)}
      />
    </Card>
  );
}
