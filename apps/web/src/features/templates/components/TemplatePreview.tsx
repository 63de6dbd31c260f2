import { Box, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fillPlaceholders } from './preview';

interface TemplatePreviewProps {
  subject: string;
  /** The body as the server returned it (sanitised on save), or null when the editor holds unsaved changes. */
  savedHtml: string | null;
  /** The editor's plain text, shown (escaped) while there are unsaved changes. */
  draftText: string;
}

/**
 * Sample values in place of the tokens. Only HTML the server returned is rendered, and inside a sandboxed frame
 * that runs no script; unsaved editor content is shown as text.
 */
export function TemplatePreview({ subject, savedHtml, draftText }: TemplatePreviewProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="template-preview">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('templates.preview')}
        </Text>
        <Text fw={600} data-testid="template-preview-subject">
          {fillPlaceholders(subject, false) || '—'}
        </Text>
        {savedHtml !== null ? (
          <Box
            component="iframe"
            title={t('templates.preview')}
            sandbox=""
            srcDoc={`<!doctype html><meta charset="utf-8"><style>body{font-family:system-ui,sans-serif;font-size:14px;margin:0;color:#222}</style>${fillPlaceholders(savedHtml, true)}`}
            data-testid="template-preview-frame"
            style={{ width: '100%', minHeight: 180, border: 0 }}
          />
        ) : (
          <>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview-text">
              {fillPlaceholders(draftText, false) || '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {t('templates.previewDraft')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
