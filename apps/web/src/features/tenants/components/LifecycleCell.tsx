import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import type { ExtensionRow, Lifecycle } from '@provisio/contract';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const COLOR: Record<Lifecycle, string> = {
  not_invited: 'gray',
  invited: 'blue',
  qr_opened: 'cyan',
  provisioned: 'teal',
  registered: 'green',
  revoked: 'red',
};

interface LifecycleCellProps {
  row: ExtensionRow;
  onResend: (row: ExtensionRow) => void;
}

/**
 * The invitation step of one extension (issue #14): a badge, when it was reached, a failed or queued delivery, and
 * "re-provisioning pending" while the app has to fetch its changed account. Resend for linked extensions.
 */
export function LifecycleCell({ row, onResend }: LifecycleCellProps) {
  const { t, i18n } = useTranslation();
  const state = row.lifecycle ?? 'not_invited';
  const when = (at: number | null | undefined) =>
    at ? new Date(at).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : '';
  const at = {
    not_invited: null,
    invited: row.invited_at,
    qr_opened: row.qr_opened_at,
    provisioned: row.provisioned_at,
    registered: row.provisioned_at,
    revoked: null,
  }[state];
  const failed = state === 'invited' && row.invite_status === 'failed';
  const title = state === 'provisioned' || state === 'registered' ? row.provisioned_ua || undefined : undefined;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" miw={265} justify="space-between">
      <Stack gap={2} align="flex-start">
        <Badge
          variant="light"
          size="sm"
          color={failed ? 'red' : COLOR[state]}
          title={title}
          data-testid={`ext-lifecycle-${row.extension}`}
          data-value={state}
        >
          {failed ? t('tenants.lifecycle.inviteFailed') : t(`tenants.lifecycle.${state}`)}
        </Badge>
        {row.reprovision_pending_since ? (
          <Badge
            variant="outline"
            size="sm"
            color="orange"
            title={when(row.reprovision_pending_since)}
            data-testid={`ext-reprovision-${row.extension}`}
          >
            {t('tenants.lifecycle.reprovisionPending')}
          </Badge>
        ) : null}
        {at ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {state === 'invited' && row.invite_status === 'queued'
              ? t('tenants.lifecycle.queuedAt', { date: when(at) })
              : when(at)}
          </Text>
        ) : null}
      </Stack>
      {row.linked && row.email.trim() !== '' && state !== 'revoked' && (
        <ActionIcon
          variant="subtle"
          size="sm"
          title={t('tenants.lifecycle.resend')}
          aria-label={`${t('tenants.lifecycle.resend')} ${row.extension}`}
          onClick={() => onResend(row)}
          data-testid={`ext-resend-${row.extension}`}
        >
          <IconMailForward size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
