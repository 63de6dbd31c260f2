import { Alert, Badge, Button, Group, Input, ScrollArea, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { TEMPLATE_PLACEHOLDERS, placeholderToken, type ExtensionRow } from '@provisio/contract';
import { IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifyInfo } from '../../../lib/notify';
import { emailLink } from '../api/email-link';
import { useTemplates } from '../api/get-templates';
import { validateEmail, type EmailValues } from './validate-qr';

interface EmailFormProps {
  tenantId: string;
  /** One extension (To is editable) or the checked rows (To lists their emails). */
  rows: ExtensionRow[];
  bulk: boolean;
  initialTo: string;
  onSent: (jobId: number) => void;
  onCancel: () => void;
}

/** Template picker, To, CC, Subject, Body; Send queues the emailLink job. */
export function EmailForm({ tenantId, rows, bulk, initialTo, onSent, onCancel }: EmailFormProps) {
  const { t } = useTranslation();
  const templates = useTemplates(true);
  const [template, setTemplate] = useState<string | null>(null);
  const [values, setValues] = useState<EmailValues>({ to: initialTo, cc: '', subject: '', body: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof EmailValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  function pickTemplate(id: string | null) {
    setTemplate(id);
    const found = templates.data?.find((tp) => String(tp.id) === id);
    if (found) setValues((v) => ({ ...v, subject: found.subject, body: found.body }));
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateEmail(values);
    setError(problem ? t(`msg:${problem}`) : null);
    if (problem) return;
    setBusy(true);
    try {
      await attempt(async () => {
        const recepient = bulk ? rows.map((r) => r.email) : values.to.trim();
        const reply = await emailLink({ recepient, cc: values.cc.trim() || undefined, subject: values.subject, body: values.body, tenant_id: tenantId });
        notifyInfo(reply.message);
        onSent(reply.job_id);
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="email-form">
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
          <Input.Wrapper label={t('tenants.to')} description={t('tenants.recipients', { count: rows.length })}>
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
          <TextInput label={t('tenants.to')} required value={values.to} onChange={(e) => set('to')(e.currentTarget.value)} data-testid="email-to" />
        )}
        <TextInput label={t('tenants.cc')} value={values.cc} onChange={(e) => set('cc')(e.currentTarget.value)} data-testid="email-cc" />
        <TextInput label={t('tenants.subject')} required value={values.subject} onChange={(e) => set('subject')(e.currentTarget.value)} data-testid="email-subject" />
        <Textarea
          label={t('tenants.body')}
          description={t('tenants.bodyHint', { tokens: TEMPLATE_PLACEHOLDERS.filter((p) => p !== 'password').map(placeholderToken).join(', ') })}
          required
          autosize
          minRows={5}
          maxRows={12}
          value={values.body}
          onChange={(e) => set('body')(e.currentTarget.value)}
          data-testid="email-body"
        />
        {error && (
          <Alert color="red" variant="light" data-testid="email-qr-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="email-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} />} data-testid="email-send">
            {t('tenants.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
