import type { RichTextEditorLabels } from '@mantine/tiptap';
import type { TFunction } from 'i18next';

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
