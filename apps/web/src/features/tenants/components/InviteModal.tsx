import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { ExtensionRow } from '@provisio/contract';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifyInfo } from '../../../lib/notify';
import { useTemplates } from '../api/get-templates';
import { inviteNotProvisioned, resendInvite } from '../api/invitations';

/** One extension to invite again, or the whole tenant ("everyone not yet provisioned"). */
export type InviteTarget = { kind: 'resend'; row: ExtensionRow } | { kind: 'all' };

interface InviteModalProps {
  tenantId: string;
  target: InviteTarget | null;
  onClose: () => void;
  onJob: (jobId: number) => void;
}

/** Picks the email template and starts the invitation job (issue #14). */
export function InviteModal({ tenantId, target, onClose, onJob }: InviteModalProps) {
  const { t } = useTranslation();
  const templates = useTemplates(target !== null);
  const [template, setTemplate] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = templates.data?.[0];
  useEffect(() => {
    if (target && template === null && first) setTemplate(String(first.id));
  }, [target, template, first]);

  async function send() {
    if (!target || template === null) return;
    setBusy(true);
    try {
      await attempt(async () => {
        const template_id = Number(template);
        const reply =
          target.kind === 'all'
            ? await inviteNotProvisioned({ tenant_id: tenantId, template_id })
            : await resendInvite({ tenant_id: tenantId, extension: target.row.extension, template_id });
        notifyInfo(reply.message);
        onJob(reply.job_id);
        onClose();
      });
    } finally {
      setBusy(false);
    }
  }

  const title = target?.kind === 'all' ? t('tenants.invite.allTitle') : t('tenants.invite.resendTitle');
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered radius="md" data-testid="invite-modal">
      <Stack gap="sm">
        <Text size="sm">
          {target?.kind === 'all'
            ? t('tenants.invite.allMessage')
            : target
              ? t('tenants.invite.resendMessage', { extension: target.row.extension, email: target.row.email })
              : ''}
        </Text>
        <Select
          label={t('tenants.template')}
          placeholder={t('tenants.chooseTemplate')}
          data={(templates.data ?? []).map((tp) => ({ value: String(tp.id), label: tp.name }))}
          value={template}
          onChange={setTemplate}
          nothingFoundMessage={t('tenants.noTemplates')}
          comboboxProps={{ withinPortal: true }}
          data-testid="invite-template"
        />
        {templates.isSuccess && templates.data.length === 0 && (
          <Alert color="orange" variant="light">
            {t('tenants.noTemplates')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-testid="invite-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconSend size={16} />}
            loading={busy}
            disabled={template === null}
            onClick={() => void send()}
            data-testid="invite-send"
          >
            {target?.kind === 'all' ? t('tenants.invite.allConfirm') : t('tenants.invite.resendConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
