/** Rich text (TipTap) for custom docs; the HTML it produces is sanitized with DOMPurify before it is stored. */
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { useEffect } from 'react';
import { sanitizeHtml } from './markdown';

export function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: sanitizeHtml(value ?? ''),
    onUpdate: ({ editor: e }) => onChange?.(sanitizeHtml(e.getHTML())),
    immediatelyRender: true,
  });
  useEffect(() => {
    if (editor && value !== undefined && sanitizeHtml(editor.getHTML()) !== sanitizeHtml(value)) {
      editor.commands.setContent(sanitizeHtml(value), { emitUpdate: false });
    }
  }, [editor, value]);
  if (!editor) return null;
  const btn = (label: string, icon: React.ReactNode, run: () => void, active = false) => (
    <Tooltip title={label}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} onClick={run} aria-label={label} />
    </Tooltip>
  );
  return (
    <div className="rich-editor" data-testid="rich-editor">
      <Flex className="rich-toolbar" gap={2} wrap>
        {btn('Bold', <BoldOutlined />, () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
        {btn('Italic', <ItalicOutlined />, () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic'))}
        {btn('Strike', <StrikethroughOutlined />, () => editor.chain().focus().toggleStrike().run(), editor.isActive('strike'))}
        <Divider orientation="vertical" />
        <Button
          size="small"
          type={editor.isActive('heading', { level: 2 }) ? 'primary' : 'text'}
          onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
        >
          H2
        </Button>
        <Button
          size="small"
          type={editor.isActive('heading', { level: 3 }) ? 'primary' : 'text'}
          onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
        >
          H3
        </Button>
        {btn(
          'Bullet list',
          <UnorderedListOutlined />,
          () => editor.chain().focus().toggleBulletList().run(),
          editor.isActive('bulletList'),
        )}
        {btn(
          'Ordered list',
          <OrderedListOutlined />,
          () => editor.chain().focus().toggleOrderedList().run(),
          editor.isActive('orderedList'),
        )}
        {btn('Code block', <CodeOutlined />, () => editor.chain().focus().toggleCodeBlock().run(), editor.isActive('codeBlock'))}
        <Button
          size="small"
          type={editor.isActive('blockquote') ? 'primary' : 'text'}
          onClick={() => editor.chain().focus().toggleBlockquote().run()}
        >
          ❝
        </Button>
        <Divider orientation="vertical" />
        {btn('Undo', <UndoOutlined />, () => editor.chain().focus().undo().run())}
        {btn('Redo', <RedoOutlined />, () => editor.chain().focus().redo().run())}
      </Flex>
      <EditorContent editor={editor} className="rich-content markdown-body" />
    </div>
  );
}
