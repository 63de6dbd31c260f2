import { Alert, Button, Card, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { TEMPLATE_PLACEHOLDERS, hasLinkToken, placeholderToken, type TemplateRow } from '@provisio/contract';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../lib/attempt';
import { notifySuccess } from '../../../lib/notify';
import { useSaveTemplate } from '../api/save-template';
import { TemplatePreview } from './TemplatePreview';

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

export function TemplateForm({ template, onSaved }: TemplateFormProps) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [touched, setTouched] = useState(false);
  const [draftText, setDraftText] = useState('');
  const [html, setHtml] = useState(template?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const editor = useEditor({
    // The editor keeps only the nodes and marks it knows: scripts and event handlers never enter it.
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: template?.body ?? '',
    immediatelyRender: true,
    onCreate: ({ editor: e }) => {
      setDraftText(e.getText());
      setHtml(e.isEmpty ? '' : e.getHTML());
    },
    onUpdate: ({ editor: e }) => {
      setTouched(true);
      setError(null);
      setDraftText(e.getText());
      setHtml(e.isEmpty ? '' : e.getHTML());
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = editor && !editor.isEmpty ? editor.getHTML() : '';
    if (!name.trim() || !subject.trim() || !body) {
      setError(t('msg:templateNameSubjectBodyRequired'));
      return;
    }
    setError(null);
    await attempt(async () => {
      const reply = await save.mutateAsync({ id: template?.id, name: name.trim(), subject: subject.trim(), body });
      notifySuccess(reply.message);
      onSaved();
    });
  }

  return (
    <Stack gap="md">
      <Card padding="xl" data-testid="template-form">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group grow align="flex-start" wrap="wrap" gap="md">
              <TextInput label={t('templates.name')} required value={name} onChange={(e) => {
                  setName(e.currentTarget.value);
                  setError(null);
                }} disabled={template !== null} data-testid="template-name" miw={200} />
              <TextInput label={t('templates.subject')} required value={subject} onChange={(e) => {
                  setSubject(e.currentTarget.value);
                  setError(null);
                }} data-testid="template-subject" miw={200} />
            </Group>
            <Input.Wrapper label={t('templates.body')} required>
              <RichTextEditor editor={editor} data-testid="template-body" mt={4}>
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
            {error && (
              <Text c="red" size="sm" data-testid="template-error">
                {error}
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
      <TemplatePreview subject={subject} savedHtml={template && !touched ? template.body : null} draftText={draftText} />
    </Stack>
  );
}
