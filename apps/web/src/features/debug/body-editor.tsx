/** The body tab of the debug console: its type, and rows (form, multipart) or text (JSON, XML, plain). */
import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import CodeMirror from '@uiw/react-codemirror';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DebugForm } from './debug-send';
import { KvTable } from './kv-table';

/** Edits the request body of the console's form. */
export function BodyEditor({ form, patch }: { form: DebugForm; patch: (p: Partial<DebugForm>) => void }) {
  const { t } = useTranslation();
  const editor =
    form.bodyType === 'form' || form.bodyType === 'multipart' ? (
      <KvTable
        rows={form.bodyRows}
        onChange={(bodyRows) => patch({ bodyRows })}
        files={form.bodyType === 'multipart'}
        testId="debug-body-rows"
      />
    ) : form.bodyType === 'none' ? null : (
      <div data-testid="debug-body-text">
        <CodeMirror
          value={form.bodyText}
          height="220px"
          extensions={form.bodyType === 'json' ? [json()] : form.bodyType === 'xml' ? [xml()] : []}
          onChange={(v) => patch({ bodyText: v })}
        />
      </div>
    );
  return (
    <div>
      <Radio.Group
        value={form.bodyType}
        onChange={(e) => patch({ bodyType: e.target.value })}
        style={{ marginBottom: 8 }}
        options={[
          { value: 'none', label: t('debug.body.none') },
          { value: 'json', label: 'JSON' },
          { value: 'form', label: 'x-www-form-urlencoded' },
          { value: 'multipart', label: 'form-data' },
          { value: 'xml', label: 'XML' },
          { value: 'text', label: 'Text' },
        ]}
      />
      {editor}
    </div>
  );
}
