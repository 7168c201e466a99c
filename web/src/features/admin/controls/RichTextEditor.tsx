import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useT } from '../../../app/shell/hooks.js';

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useT('admin');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  // The name is the full label ("Heading"); the short mark ("H2") is only drawn, so the name never contradicts it.
  const button = (key: keyof typeof state, label: string, run: () => void) => (
    <button type="button" className="rte-button" aria-pressed={state[key]} onMouseDown={(e) => e.preventDefault()} onClick={run} title={label}>
      <span aria-hidden="true">{t(`editor.short.${key}`)}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
  return (
    <div className="rte-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      {button('bold', t('editor.bold'), () => editor.chain().focus().toggleBold().run())}
      {button('italic', t('editor.italic'), () => editor.chain().focus().toggleItalic().run())}
      {button('h2', t('editor.h2'), () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
      {button('h3', t('editor.h3'), () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
      {button('bullet', t('editor.bullet'), () => editor.chain().focus().toggleBulletList().run())}
      {button('ordered', t('editor.ordered'), () => editor.chain().focus().toggleOrderedList().run())}
      {button('quote', t('editor.quote'), () => editor.chain().focus().toggleBlockquote().run())}
    </div>
  );
}

/**
 * The EDITOR control: a rich-text editor (TipTap on ProseMirror) whose value is HTML. Loaded only when a form
 * shows an EDITOR control. Public pages sanitise this HTML (DOMPurify) before they render it.
 */
export default function RichTextEditor({ id, value, onChange, labelledBy }: { id: string; value: string; onChange: (html: string) => void; labelledBy: string }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false })],
    content: value || '',
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelledBy, class: 'rte-content', 'data-testid': 'rich-text' },
    },
  });
  // A value set from outside (an entry loaded after the editor opened) replaces the content.
  // TipTap may hand over an instance it has already destroyed (its schema is gone) while it makes the next one.
  useEffect(() => {
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  if (!editor) return null;
  return (
    <div className="rte">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
