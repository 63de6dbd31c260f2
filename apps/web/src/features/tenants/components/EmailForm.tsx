import { Alert, Badge, Button, Group, Input, ScrollArea, Select, Stack, TextInput, Textarea } from '@mantine/core';
import {
  TEMPLATE_PLACEHOLDERS,
  placeholderToken,
  type EmailLinkBody,
  type EmailLinkPreviewReply,
  type ExtensionRow,
} from '@provisio/contract';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches, required, rules } from '../../../lib/form';
import { useContractForm } from '../../../lib/use-contract-form';
import { emailLinkPreview } from '../api/email-link';
import { useTemplates } from '../api/get-templates';
import { contractSchema } from '../../../lib/contract';

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

/** Template picker, To, CC, Subject, Body; Send checks the recipients with the server (issue #20) before queuing. */
export function EmailForm({ tenantId, rows, bulk, initialTo, onReview, onCancel }: EmailFormProps) {
  const { t } = useTranslation();
  const templates = useTemplates(true);
  const [template, setTemplate] = useState<string | null>(null);
  const { form, field, message, submit } = useContractForm<EmailValues>(
    { to: initialTo, cc: '', subject: '', body: '' },
    emailRules,
    { oneMessage: true },
  );

  function pickTemplate(id: string | null) {
    setTemplate(id);
    const found = templates.data?.find((tp) => String(tp.id) === id);
    if (found) form.setValues({ subject: found.subject, body: found.body });
    form.clearErrors();
  }

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
        <Textarea
          label={t('tenants.body')}
          description={t('tenants.bodyHint', {
            tokens: TEMPLATE_PLACEHOLDERS.filter((p) => p !== 'password')
              .map(placeholderToken)
              .join(', '),
          })}
          required
          autosize
          minRows={5}
          maxRows={12}
          {...field('body')}
          data-testid="email-body"
        />
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
