import '@mantine/tiptap/styles.css';
import { Text } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { TEMPLATE_PLACEHOLDERS, placeholderToken } from '@provisio/contract';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const PLACEHOLDER_LABELS = {
  first_name: 'templates.firstName',
  last_name: 'templates.lastName',
  password: 'templates.password',
  link: 'templates.link',
} as const;

/** The rich-text toolbar's labels (tooltips, aria-labels, the link editor) in the user's language (issue #20). */
export function editorLabels(t: TFunction): Partial<RichTextEditorLabels> {
  const l = (key: string) => t(`templates.editor.${key}`);
  return {
    boldControlLabel: l('bold'),
    italicControlLabel: l('italic'),
    underlineControlLabel: l('underline'),
    strikeControlLabel: l('strike'),
    h2ControlLabel: l('h2'),
    h3ControlLabel: l('h3'),
    bulletListControlLabel: l('bulletList'),
    orderedListControlLabel: l('orderedList'),
    linkControlLabel: l('link'),
    unlinkControlLabel: l('unlink'),
    linkEditorInputLabel: l('linkUrl'),
    linkEditorExternalLink: l('linkExternal'),
    linkEditorInternalLink: l('linkInternal'),
    linkEditorSave: l('linkSave'),
  };
}

export interface RichBodyEditorProps {
  /** The HTML the editor starts with (remount it with a new key to load another). */
  initialHtml: string;
  /** The editor's HTML ('' while it is empty) and plain text, on creation and after every change. */
  onChange: (html: string, text: string, byUser: boolean) => void;
  /** Placeholders offered by the toolbar; all by default. */
  placeholders?: readonly (typeof TEMPLATE_PLACEHOLDERS)[number][];
  /** The editor's test id; its content is `${testId}-content`, a token button `${insertPrefix}-insert-<token>`. */
  testId: string;
  insertPrefix: string;
  minHeight?: number;
}

/**
 * The templates' rich-text editor (issue #19: the Email QR modal uses it too, loaded lazily there): basic
 * formatting, links and the placeholder tokens. It keeps only the nodes and marks it knows: scripts and event
 * handlers never enter it; the server sanitises what it stores or sends anyway.
 */
export function RichBodyEditor(props: RichBodyEditorProps) {
  const { initialHtml, onChange, placeholders, testId, insertPrefix, minHeight = 200 } = props;
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: initialHtml,
    immediatelyRender: true,
    onCreate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML(), e.getText(), false),
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML(), e.getText(), true),
  });
  return (
    <RichTextEditor editor={editor} labels={editorLabels(t)} data-testid={testId} mt={4}>
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
          {(placeholders ?? TEMPLATE_PLACEHOLDERS).map((p) => (
            <RichTextEditor.Control
              key={p}
              onClick={() => editor?.chain().focus().insertContent(placeholderToken(p)).run()}
              aria-label={t('templates.insert', { name: t(PLACEHOLDER_LABELS[p]) })}
              title={t('templates.insert', { name: t(PLACEHOLDER_LABELS[p]) })}
              data-testid={`${insertPrefix}-insert-${p}`}
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
      <RichTextEditor.Content mih={minHeight} data-testid={`${testId}-content`} />
    </RichTextEditor>
  );
}
