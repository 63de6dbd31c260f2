import { Alert, Button, Card, Checkbox, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { hasLinkToken, placeholderToken, type TemplateRow } from '@provisio/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches, required, rules } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveTemplate } from '../api/save-template';
import { TemplatePreview } from './TemplatePreview';
import { contractSchema } from '../../../lib/contract';
import { RichBodyEditor } from '../../../components/RichBodyEditor';

interface TemplateFormProps {
  /** The loaded template, or null for a new one. */
  template: TemplateRow | null;
  onSaved: () => void;
}

interface TemplateValues {
  name: string;
  subject: string;
  /** The editor's HTML; '' while it is empty. */
  body: string;
  /** Issue #19: the template the Email QR modal opens with. */
  is_default: boolean;
}

/** Spec §5: name, subject and body are mandatory (one message for the three), then the call's schema. */
const templateRules = rules<TemplateValues>(
  required({
    name: 'templateNameSubjectBodyRequired',
    subject: 'templateNameSubjectBodyRequired',
    body: 'templateNameSubjectBodyRequired',
  }),
  matches(contractSchema('TemplateCreateUpdateBody')),
);

export function TemplateForm({ template, onSaved }: TemplateFormProps) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const { form, field, message, submit } = useContractForm<TemplateValues>(
    {
      name: template?.name ?? '',
      subject: template?.subject ?? '',
      body: template?.body ?? '',
      is_default: template?.is_default ?? false,
    },
    templateRules,
    { oneMessage: true },
  );
  const [touched, setTouched] = useState(false);
  const [draftText, setDraftText] = useState('');
  const onBody = (body: string, text: string, byUser: boolean) => {
    if (byUser) setTouched(true);
    setDraftText(text);
    form.setFieldValue('body', body);
  };
  const html = form.values.body;

  const onSubmit = submit(
    (values) =>
      save.mutateAsync({
        id: template?.id,
        name: values.name.trim(),
        subject: values.subject.trim(),
        body: values.body,
        is_default: values.is_default,
      }),
    (reply) => {
      notifySuccess(reply.message);
      onSaved();
    },
  );

  return (
    <Stack gap="md">
      <Card padding="xl" data-testid="template-form">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap" gap="md">
              <TextInput
                label={t('templates.name')}
                required
                {...field('name')}
                disabled={template !== null}
                data-testid="template-name"
                miw={200}
              />
              <TextInput
                label={t('templates.subject')}
                required
                {...field('subject')}
                data-testid="template-subject"
                miw={200}
              />
            </Group>
            <Input.Wrapper label={t('templates.body')} required>
              <RichBodyEditor
                initialHtml={template?.body ?? ''}
                onChange={onBody}
                testId="template-body"
                insertPrefix="template"
              />
            </Input.Wrapper>
            <Checkbox
              label={t('templates.isDefault')}
              description={t('templates.isDefaultHint')}
              checked={form.values.is_default}
              onChange={(e) => form.setFieldValue('is_default', e.currentTarget.checked)}
              data-testid="template-default"
            />
            {html !== '' && !hasLinkToken(html) && (
              // Saving is allowed: the server appends the link to such a body when it sends it (issue #14).
              <Alert color="orange" variant="light" data-testid="template-link-warning">
                {t('templates.linkMissing', { token: placeholderToken('link') })}
              </Alert>
            )}
            {message && (
              <Text c="red" size="sm" data-testid="template-error">
                {message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="template-save">
                {template ? t('common.updateUpper') : t('templates.saveNew')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <TemplatePreview
        subject={form.values.subject}
        savedHtml={template && !touched ? template.body : null}
        draftText={draftText}
      />
    </Stack>
  );
}
