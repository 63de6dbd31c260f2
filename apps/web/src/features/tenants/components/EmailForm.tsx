import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  TEMPLATE_PLACEHOLDERS,
  placeholderToken,
  type EmailLinkBody,
  type EmailLinkPreviewReply,
  type ExtensionRow,
} from '@provisio/contract';
import { IconSend } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches, required, rules } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { emailLinkPreview } from '../api/email-link';
import { useTemplates } from '../api/get-templates';
import { contractSchema } from '../../../lib/contract';
import { EmailPreview } from './EmailPreview';

// The templates' rich-text editor (tiptap) is a chunk of its own, fetched when the form first shows.
const RichBodyEditor = lazy(() =>
  import('../../../components/RichBodyEditor').then((m) => ({ default: m.RichBodyEditor })),
);
/** A QR email has no password to offer: the token only ever becomes a sentence. */
const EMAIL_PLACEHOLDERS = TEMPLATE_PLACEHOLDERS.filter((p) => p !== 'password');

export interface EmailValues {
  to: string;
  cc: string;
  subject: string;
  body: string;
}

/** Spec §5: To, Subject and Body are required (the body is HTML: tags alone do not count), then the call's schema. */
export const emailRules = rules<EmailValues>(
  required({ to: 'emailFieldsRequired', subject: 'emailFieldsRequired', body: 'emailFieldsRequired' }),
  (values) => (values.body.replace(/<[^>]*>/g, '').trim() ? {} : { body: 'emailFieldsRequired' }),
  matches(contractSchema('EmailLinkBody'), (values) => ({
    recepient: values.to,
    cc: values.cc,
    subject: values.subject,
    body: values.body,
  })),
);

interface EmailFormProps {
  tenantId: string;
  /** One extension (To is editable) or the checked rows (To lists their emails). */
  rows: ExtensionRow[];
  bulk: boolean;
  initialTo: string;
  /** Send asks the server who would get the link and who would be skipped; the confirmation comes next. */
  onReview: (body: EmailLinkBody, preview: EmailLinkPreviewReply) => void;
  onCancel: () => void;
}

/**
 * Template picker (the default template chosen at first, issue #19), To, CC, Subject, the body in the templates'
 * rich-text editor, and a preview of what the first recipient gets; Send checks the recipients with the server
 * (issue #20) before queuing.
 */
export function EmailForm({ tenantId, rows, bulk, initialTo, onReview, onCancel }: EmailFormProps) {
  const { t } = useTranslation();
  const templates = useTemplates(true);
  const [template, setTemplate] = useState<string | null>(null);
  // Bumped to load a template's body into a fresh editor.
  const [loaded, setLoaded] = useState(0);
  const { form, field, message, submit } = useContractForm<EmailValues>(
    { to: initialTo, cc: '', subject: '', body: '' },
    emailRules,
    { oneMessage: true },
  );

  function pickTemplate(id: string | null) {
    setTemplate(id);
    const found = templates.data?.find((tp) => String(tp.id) === id);
    if (found) {
      form.setValues({ subject: found.subject, body: found.body });
      setLoaded((n) => n + 1);
    }
    form.clearErrors();
  }

  // The default template, once, while nothing has been written yet.
  const preset = templates.data?.find((tp) => tp.is_default);
  useEffect(() => {
    if (preset && template === null && loaded === 0 && !form.values.subject && !form.values.body)
      pickTemplate(String(preset.id));
    // Runs when the default becomes known; later renders must not override a choice.
  }, [preset?.id]);
  const firstRecipient = bulk ? (rows[0]?.email ?? '') : (form.values.to.split(/[,;]/)[0] ?? '').trim();

  const toBody = (values: EmailValues): EmailLinkBody => ({
    recepient: bulk ? rows.map((r) => r.email) : values.to.trim(),
    cc: values.cc.trim() || undefined,
    subject: values.subject,
    body: values.body,
    tenant_id: tenantId,
  });
  const onSubmit = submit(
    async (values) => ({ body: toBody(values), preview: await emailLinkPreview(toBody(values)) }),
    (reply) => onReview(reply.body, reply.preview),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="email-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="sm">
          <Stack gap="sm">
            <Select
              label={t('tenants.template')}
              placeholder={t('tenants.chooseTemplate')}
              data={(templates.data ?? []).map((tp) => ({ value: String(tp.id), label: tp.name }))}
              value={template}
              onChange={pickTemplate}
              nothingFoundMessage={t('tenants.noTemplates')}
              data-testid="email-template"
              comboboxProps={{ withinPortal: true }}
            />
            {bulk ? (
              <Input.Wrapper label={t('tenants.to')} description={t('tenants.recipientCount', { count: rows.length })}>
                <ScrollArea.Autosize mah={110} type="auto" mt={4}>
                  <Group gap={4} data-testid="email-to-list">
                    {rows.map((r) => (
                      <Badge key={r.id} variant="light" tt="none" fw={500}>
                        {r.email}
                      </Badge>
                    ))}
                  </Group>
                </ScrollArea.Autosize>
              </Input.Wrapper>
            ) : (
              <TextInput label={t('tenants.to')} required {...field('to')} data-testid="email-to" />
            )}
            <TextInput label={t('tenants.cc')} {...field('cc')} data-testid="email-cc" />
            <TextInput label={t('tenants.subject')} required {...field('subject')} data-testid="email-subject" />
            <Input.Wrapper
              label={t('tenants.body')}
              description={t('templates.emailPreview.bodyHint', {
                tokens: EMAIL_PLACEHOLDERS.map(placeholderToken).join(', '),
              })}
              required
            >
              <Suspense fallback={<Skeleton h={160} mt={4} data-testid="email-body-loading" />}>
                <RichBodyEditor
                  key={loaded}
                  initialHtml={form.values.body}
                  onChange={(html) => form.setFieldValue('body', html)}
                  placeholders={EMAIL_PLACEHOLDERS}
                  testId="email-body"
                  insertPrefix="email"
                  minHeight={140}
                />
              </Suspense>
            </Input.Wrapper>
          </Stack>
          <EmailPreview
            tenantId={tenantId}
            recipient={firstRecipient}
            subject={form.values.subject}
            body={form.values.body}
          />
        </SimpleGrid>
        {message && (
          <Alert color="red" variant="light" data-testid="email-qr-error">
            {message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="email-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} leftSection={<IconSend size={16} />} data-testid="email-send">
            {t('tenants.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
