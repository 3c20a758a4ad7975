import '@mantine/tiptap/styles.css';
import { Input, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../lib/api-client';
import richContent from './rich-content.module.css';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

interface RichTextFieldProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Helps tests and journeys find the editable area. */
  testId?: string;
  /** When given, the toolbar can insert an image: the file is handed over and the returned src is shown. */
  onInsertImage?: (file: File) => Promise<string>;
}

/** A picture frame, drawn here so the toolbar needs no icon library. */
function ImageIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <rect x={3} y={3} width={18} height={18} rx={2} />
      <circle cx={8.5} cy={8.5} r={1.5} />
      <path d="M21 15l-5-5L5 21" />
    </svg>
  );
}

/**
 * A rich-text field (declarations, question content, test instructions). The editable area is a labelled,
 * described textbox, so it reads like any other field; an empty editor is an empty value, which
 * the shared schema then reports as required.
 */
export function RichTextField({ label, value, onChange, onBlur, error, description, required, disabled = false, testId, onInsertImage }: RichTextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  // The editable area's attributes, given to the editor's props rather than set on its element:
  // the element exists only once the editor is mounted, which can come after this component's effects.
  const textboxAttributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    'aria-invalid': error ? 'true' : 'false',
    'aria-readonly': disabled ? 'true' : 'false',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
    ...(testId ? { 'data-testid': testId } : {}),
  };

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link, Image.configure({ allowBase64: false })],
    content: value,
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
    editorProps: { attributes: textboxAttributes },
  });

  const fileInput = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);

  const insertImage = async (file: File | undefined) => {
    if (!file || !onInsertImage) return;
    setUploading(true);
    setImageError(null);
    try {
      const src = await onInsertImage(file);
      editor?.chain().focus().setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    } catch (failure) {
      setImageError(errorMessageOf(failure));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  // The label and messages change after the editor exists; its props follow them (applied now or when it mounts).
  const attributesKey = JSON.stringify(textboxAttributes);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
      withAsterisk={required}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        {!disabled && (
          <RichTextEditor.Toolbar role="toolbar" aria-label={`${label} formatting`}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            {onInsertImage && (
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Control
                  aria-label="Insert image"
                  title="Insert image"
                  disabled={isUploading}
                  aria-busy={isUploading}
                  onClick={() => fileInput.current?.click()}
                >
                  <ImageIcon />
                </RichTextEditor.Control>
                <input
                  ref={fileInput}
                  type="file"
                  accept={IMAGE_TYPES}
                  hidden
                  aria-label={`${label} image file`}
                  data-testid={testId ? `${testId}-image-input` : undefined}
                  onChange={(event) => void insertImage(event.currentTarget.files?.[0])}
                />
              </RichTextEditor.ControlsGroup>
            )}
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={140} className={richContent.images} />
      </RichTextEditor>
      {imageError && (
        <Text c="red.8" size="sm" mt={4} role="alert">
          {imageError}
        </Text>
      )}
    </Input.Wrapper>
  );
}
