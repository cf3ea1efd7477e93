import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import type { TiptapDoc } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { type JSONContent, useEditor } from '@tiptap/react';
import { DESCRIPTION_EXTENSIONS } from '../editor-extensions';

interface DescriptionEditorProps {
  label: string;
  value: TiptapDoc | null;
  onChange: (doc: TiptapDoc) => void;
  required?: boolean;
}

/** The topic description: a Tiptap editor whose value is Tiptap JSON (decision 10). */
export function DescriptionEditor({ label, value, onChange, required }: DescriptionEditorProps) {
  const editor = useEditor({
    extensions: DESCRIPTION_EXTENSIONS,
    content: (value as JSONContent | null) ?? '',
    immediatelyRender: true,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label },
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as TiptapDoc),
  });

  return (
    <Input.Wrapper label={label} withAsterisk={required}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar aria-label={LABELS.editorToolbar}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={140} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
