import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ActiveChannel } from '@provisio/contract';
import { IconAlertTriangle, IconHeadphones, IconLock, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EndUserLayout } from '../../../components/EndUserLayout';
import { isApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useActiveChannels, useMonitorBase } from '../api/monitor-client';
import { type Listening, useListener } from './use-listener';

/** A level meter's scale: -60 dBFS (and silence) at 0 %, full scale at 100 %. */
const meterPercent = (rms: number) =>
  rms <= 0 ? 0 : Math.max(0, Math.min(100, Math.round(((20 * Math.log10(rms) + 60) / 60) * 100)));

const sipUser = (uri: string) => uri.replace(/^sips?:/, '').split('@')[0] || uri;

/**
 * /testSDP: the active calls, a headphones button per call to listen in, a stop button and the packets arriving.
 * Spec §2 lists it as public; the calls behind it need an admin or reseller session (docs/spec-deviations.md #25),
 * so without one the page explains that and links to /login instead of failing call by call.
 */
export function LiveCallsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const base = useMonitorBase();
  const channels = useActiveChannels(base.data, token !== null);
  const audio = useRef<HTMLAudioElement>(null);
  const listener = useListener(base.data, audio);
  const [failure, setFailure] = useState<string | null>(null);

  if (!token) {
    return (
      <EndUserLayout testId="monitor-page">
        <Stack align="center" ta="center" gap="md" data-testid="monitor-signin-needed">
          <IconLock size={40} color="var(--mantine-color-brand-6)" />
          <Title order={2} fz={22}>
            {t('endUser.monitor.title')}
          </Title>
          <Text c="dimmed">{t('endUser.monitor.signInNeeded')}</Text>
          <Button component={Link} to="/login" fullWidth size="md" data-testid="monitor-login">
            {t('auth.goToSignIn')}
          </Button>
        </Stack>
      </EndUserLayout>
    );
  }

  const listen = async (channel: ActiveChannel) => {
    setFailure(null);
    try {
      await listener.start(channel);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : t('endUser.monitor.failed'));
    }
  };

  return (
    <EndUserLayout testId="monitor-page" card={false} width={640}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={2} fz={22}>
              {t('endUser.monitor.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('endUser.monitor.subtitle')}
            </Text>
          </div>
          <ActionIcon
            variant="light"
            size="lg"
            radius="xl"
            onClick={() => void channels.refetch()}
            loading={channels.isFetching}
            aria-label={t('endUser.cdrs.refresh')}
            data-testid="monitor-refresh"
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Group>
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            withCloseButton
            onClose={() => setFailure(null)}
            data-testid="monitor-error"
          >
            {failure}
          </Alert>
        )}
        {channels.isPending || base.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : channels.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="monitor-list-error"
          >
            {isApiError(channels.error) ? channels.error.message : t('errors.network')}
          </Alert>
        ) : channels.data.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl" data-testid="monitor-empty">
            {t('endUser.monitor.empty')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="monitor-list">
            {channels.data.map((channel) => (
              <CallCard
                key={channel.SIPCallID}
                channel={channel}
                listening={
                  listener.listening?.callId === channel.SIPCallID && listener.listening.state !== 'stopped'
                    ? listener.listening
                    : null
                }
                onListen={() => void listen(channel)}
                onStop={() => void listener.stop()}
              />
            ))}
          </Stack>
        )}
        <audio ref={audio} autoPlay data-testid="monitor-audio" />
      </Stack>
    </EndUserLayout>
  );
}

interface CallCardProps {
  channel: ActiveChannel;
  listening: Listening | null;
  onListen: () => void;
  onStop: () => void;
}

function CallCard({ channel, listening, onListen, onStop }: CallCardProps) {
  const { t } = useTranslation();
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(channel.StartedAt)) / 60_000));
  return (
    <Box
      bg="white"
      p="sm"
      style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="monitor-call"
      data-call-id={channel.SIPCallID}
    >
      <Group wrap="nowrap" gap="sm">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {sipUser(channel.Caller)} → {sipUser(channel.Callee)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {channel.tenant_id} · {t('endUser.monitor.startedAgo', { count: minutes })}
          </Text>
        </Box>
        {listening ? (
          <ActionIcon
            color="red"
            variant="filled"
            size="xl"
            radius="xl"
            onClick={onStop}
            aria-label={t('endUser.monitor.stop')}
            data-testid="monitor-stop"
          >
            <IconPlayerStop size={22} />
          </ActionIcon>
        ) : (
          <ActionIcon
            variant="light"
            size="xl"
            radius="xl"
            onClick={onListen}
            aria-label={t('endUser.monitor.listen')}
            data-testid="monitor-listen"
          >
            <IconHeadphones size={22} />
          </ActionIcon>
        )}
      </Group>
      {listening && (
        <Group
          gap="xs"
          mt="xs"
          data-testid="monitor-status"
          data-state={listening.state}
          data-packets={listening.packets}
        >
          <Badge
            color={listening.state === 'connected' ? 'teal' : listening.state === 'failed' ? 'red' : 'gray'}
            variant="light"
          >
            {t(`endUser.monitor.state.${listening.state}`, { defaultValue: listening.state })}
          </Badge>
          <Text size="xs" c="dimmed" data-testid="monitor-packets">
            {t('endUser.monitor.packets', { count: listening.packets })}
          </Text>
          {listening.sound && (
            <Progress
              style={{ flex: 1, minWidth: 60 }}
              size="sm"
              color="teal"
              value={meterPercent(listening.sound.level)}
              aria-label={t('endUser.monitor.level')}
              data-testid="monitor-level"
              data-level={listening.sound.level.toFixed(3)}
              data-peak-hz={listening.sound.peakHz}
            />
          )}
        </Group>
      )}
    </Box>
  );
}
