/** Markdown source in CodeMirror 6 beside its live, sanitized preview (stacked on narrow screens). */
import { markdown } from '@codemirror/lang-markdown';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from './markdown';

const baseExtensions = [markdown(), EditorView.lineWrapping];

export function MarkdownEditor({ value, onChange, height = 420 }: { value?: string; onChange?: (v: string) => void; height?: number }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'split' | 'edit' | 'preview'>('split');
  const label = t('editor.markdownSource');
  const extensions = useMemo(() => [...baseExtensions, EditorView.contentAttributes.of({ 'aria-label': label })], [label]);
  return (
    <div className="md-editor">
      <Segmented
        aria-label={t('editor.mode')}
        size="small"
        value={mode}
        onChange={(v) => setMode(v as typeof mode)}
        options={[
          { value: 'split', label: t('editor.split') },
          { value: 'edit', label: t('editor.edit') },
          { value: 'preview', label: t('editor.preview') },
        ]}
        style={{ marginBottom: 8 }}
      />
      <div className={`md-editor-panes mode-${mode}`} style={{ minHeight: height }}>
        {mode !== 'preview' && (
          <div className="md-editor-source" data-testid="markdown-source">
            <CodeMirror
              value={value ?? ''}
              height={`${height}px`}
              extensions={extensions}
              onChange={(v) => onChange?.(v)}
              basicSetup={{ foldGutter: false }}
            />
          </div>
        )}
        {mode !== 'edit' && (
          <div className="md-editor-preview" style={{ maxHeight: height, minHeight: height }} data-testid="markdown-preview">
            <Markdown source={value ?? ''} />
          </div>
        )}
      </div>
    </div>
  );
}
