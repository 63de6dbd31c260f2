import { Alert, Button, Card, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { TEMPLATE_PLACEHOLDERS, hasLinkToken, placeholderToken, type TemplateRow } from '@provisio/contract';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matches, required, rules } from '../../../lib/form';
import { notifySuccess } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveTemplate } from '../api/save-template';
import { TemplatePreview } from './TemplatePreview';
import { contractSchema } from '../../../lib/contract';
import { editorLabels } from './editor-labels';

interface TemplateFormProps {
  /** The loaded template, or null for a new one. */
  template: TemplateRow | null;
  onSaved: () => void;
}

const PLACEHOLDER_LABELS = {
  first_name: 'templates.firstName',
  last_name: 'templates.lastName',
  password: 'templates.password',
  link: 'templates.link',
} as const;

interface TemplateValues {
  name: string;
  subject: string;
  /** The editor's HTML; '' while it is empty. */
  body: string;
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
    { name: template?.name ?? '', subject: template?.subject ?? '', body: template?.body ?? '' },
    templateRules,
    { oneMessage: true },
  );
  const [touched, setTouched] = useState(false);
  const [draftText, setDraftText] = useState('');
  const editor = useEditor({
    // The editor keeps only the nodes and marks it knows: scripts and event handlers never enter it.
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: template?.body ?? '',
    immediatelyRender: true,
    onCreate: ({ editor: e }) => {
      setDraftText(e.getText());
      form.setFieldValue('body', e.isEmpty ? '' : e.getHTML());
    },
    onUpdate: ({ editor: e }) => {
      setTouched(true);
      setDraftText(e.getText());
      form.setFieldValue('body', e.isEmpty ? '' : e.getHTML());
    },
  });
  const html = form.values.body;

  const onSubmit = submit(
    (values) =>
      save.mutateAsync({
        id: template?.id,
        name: values.name.trim(),
        subject: values.subject.trim(),
        body: values.body,
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
              <RichTextEditor editor={editor} labels={editorLabels(t)} data-testid="template-body" mt={4}>
                <RichTextEditor.Toolbar>
                  <RichTextEditor.ControlsGroup>
                    <RichTextEditor.Bold />
                    <RichTextEditor.Italic />
                    <RichTextEditor.Underline />
                    <RichTextEditor.Strikethrough />
                  </RichTextEditor.ControlsGroup>
                  <RichTextEditor.ControlsGroup>
                    <RichTextEditor.H2 />
                    <RichTextEditor.H3 />
                    <RichTextEditor.BulletList />
                    <RichTextEditor.OrderedList />
                  </RichTextEditor.ControlsGroup>
                  <RichTextEditor.ControlsGroup>
                    <RichTextEditor.Link />
                    <RichTextEditor.Unlink />
                  </RichTextEditor.ControlsGroup>
                  <RichTextEditor.ControlsGroup>
                    {TEMPLATE_PLACEHOLDERS.map((p) => (
                      <RichTextEditor.Control
                        key={p}
                        onClick={() => editor?.chain().focus().insertContent(placeholderToken(p)).run()}
                        aria-label={t('templates.insert', { name: t(PLACEHOLDER_LABELS[p]) })}
                        title={t('templates.insert', { name: t(PLACEHOLDER_LABELS[p]) })}
                        data-testid={`template-insert-${p}`}
                        w="auto"
                        px={8}
                      >
                        <Text size="xs" fw={600}>
                          {t(PLACEHOLDER_LABELS[p])}
                        </Text>
                      </RichTextEditor.Control>
                    ))}
                  </RichTextEditor.ControlsGroup>
                </RichTextEditor.Toolbar>
                <RichTextEditor.Content mih={200} data-testid="template-body-content" />
              </RichTextEditor>
            </Input.Wrapper>
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
