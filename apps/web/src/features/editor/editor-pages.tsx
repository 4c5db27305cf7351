/**
 * Doc editor routes: HTTP and Dubbo docs (all fields and parameter tables), Markdown (CodeMirror + live preview)
 * and custom rich text (sanitized). Routes /doc/edit, /doc/edit_custom, /doc/new, /doc/copy, /doc/copy_custom;
 * the editor itself is doc-editor.tsx.
 */
import { DocType } from '@folio/shared';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useEditedDocQuery } from './api';
import { DocEditor } from './doc-editor';

const TYPE_BY_NAME: Record<string, number> = {
  http: DocType.HTTP,
  dubbo: DocType.DUBBO,
  custom: DocType.CUSTOM,
  markdown: DocType.MARKDOWN,
};

/** Custom and Markdown docs opened through /doc/edit go to their own editor route (and vice versa). */
function EditRoute({ custom }: { custom: boolean }) {
  const { moduleId = '', docId = '' } = useParams();
  const { data } = useEditedDocQuery(docId);
  const isText = data && (data.type === DocType.CUSTOM || data.type === DocType.MARKDOWN);
  if (data && isText !== custom) return <Navigate replace to={`/doc/${isText ? 'edit_custom' : 'edit'}/${moduleId}/${docId}`} />;
  return <DocEditor key={docId} moduleId={moduleId} mode={{ kind: 'edit', docId }} />;
}

export function DocEditPage() {
  return <EditRoute custom={false} />;
}

export function DocEditCustomPage() {
  return <EditRoute custom />;
}

export function DocNewPage() {
  const { moduleId = '', parentId = '' } = useParams();
  const [search] = useSearchParams();
  const type = TYPE_BY_NAME[search.get('type') ?? 'http'] ?? DocType.HTTP;
  return <DocEditor key={`${moduleId}-${parentId}-${type}`} moduleId={moduleId} mode={{ kind: 'new', parentId, type }} />;
}

export function DocCopyPage() {
  const { moduleId = '', copyId = '' } = useParams();
  return <DocEditor key={copyId} moduleId={moduleId} mode={{ kind: 'copy', copyId }} />;
}

export const DocCopyCustomPage = DocCopyPage;
