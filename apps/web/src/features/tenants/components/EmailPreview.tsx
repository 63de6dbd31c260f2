import { Box, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTemplatePreview } from '../api/template-preview';

interface EmailPreviewProps {
  tenantId: string;
  /** The first recipient's email: its subscriber's values fill the placeholders. */
  recipient: string;
  subject: string;
  body: string;
}

/**
 * What the first recipient will receive (issue #19 item 3), as the server composes it when it sends: its
 * sanitised HTML in a sandboxed frame that runs no script. The password is never in it, only the sentence the
 * email carries instead.
 */
export function EmailPreview({ tenantId, recipient, subject, body }: EmailPreviewProps) {
  const { t } = useTranslation();
  const preview = useTemplatePreview({ recepient: recipient, subject, body, tenant_id: tenantId });
  const data = preview.data;
  const who = data?.recipient
    ? t('templates.emailPreview.for', {
        name: `${data.recipient.firstname} ${data.recipient.lastname}`.trim() || recipient,
        extension: data.recipient.extension,
      })
    : t('templates.emailPreview.forUnknown', { email: recipient });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="email-preview">
      <Stack gap={6}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('templates.emailPreview.title')} {preview.isFetching && <Loader size={10} ml={4} />}
        </Text>
        {!data || !recipient.trim() || !body.trim() ? (
          <Text size="sm" c="dimmed" data-testid="email-preview-empty">
            {preview.isError ? t('templates.emailPreview.failed') : t('templates.emailPreview.empty')}
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed" data-testid="email-preview-recipient">
              {who}
            </Text>
            <Text fw={600} size="sm" data-testid="email-preview-subject">
              {data.subject || '—'}
            </Text>
            <Box
              component="iframe"
              title={t('templates.emailPreview.title')}
              sandbox=""
              srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:0;color:#222;overflow-wrap:anywhere}</style>${data.html}`}
              data-testid="email-preview-frame"
              style={{ width: '100%', height: 280, border: 0 }}
            />
            <Text size="xs" c="dimmed">
              {t('templates.emailPreview.noPassword')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
