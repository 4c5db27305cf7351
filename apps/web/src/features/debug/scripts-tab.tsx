/** Pre-request and after-response scripts of the doc, its application and its project, edited in CodeMirror. */
import { javascript } from '@codemirror/lang-javascript';
import CodeMirror from '@uiw/react-codemirror';
import { Alert, Button, Input, List, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ui } from '../../lib/ui';
import { type DebugContext, type DebugScript, useDeleteScript, useSaveScript } from './debug-api';

const extensions = [javascript()];

interface Draft {
  id?: string;
  name: string;
  content: string;
  type: number;
  scope: number;
  enabled: number;
}

export function ScriptsTab({ ctx, docId }: { ctx: DebugContext; docId: string }) {
  const projectId = ctx.projectId;
  const { t } = useTranslation();
  const save = useSaveScript(docId);
  const del = useDeleteScript(docId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const refOf = (scope: number) => (scope === 0 ? docId : scope === 1 ? ctx.moduleId : (projectId ?? ''));
  const edit = (s: DebugScript) =>
    setDraft({ id: s.id, name: s.name, content: s.content, type: s.type, scope: s.scope, enabled: s.enabled });
  const scopes = [0, 1, ...(projectId ? [2] : [])];
  const onSave = async () => {
    if (!draft) return;
    const r = await save.mutateAsync({ ...draft, refId: refOf(draft.scope) });
    ui.message?.success(t('debug.script.saved'));
    setDraft({ ...draft, id: r.id });
  };
  return (
    <div data-testid="debug-scripts">
      <Alert type="info" showIcon message={t('debug.script.help')} style={{ marginBottom: 8 }} />
      <List
        size="small"
        dataSource={ctx.scripts}
        renderItem={(s) => (
          <List.Item
            actions={
              ctx.canEditScripts
                ? [
                    <Switch
                      key="en"
                      size="small"
                      checked={!!s.enabled}
                      onChange={(v) => save.mutate({ ...s, enabled: v ? 1 : 0 })}
                      aria-label={t('debug.script.enabled')}
                    />,
                    <Button key="edit" size="small" type="link" onClick={() => edit(s)}>
                      {t('common.edit', 'Edit')}
                    </Button>,
                    <Popconfirm key="del" title={t('debug.script.delete')} onConfirm={() => del.mutate(s.id)}>
                      <Button size="small" type="link" danger>
                        {t('debug.remove')}
                      </Button>
                    </Popconfirm>,
                  ]
                : [<Tag key="en">{s.enabled ? t('debug.script.enabled') : '-'}</Tag>]
            }
          >
            <Space>
              <Tag color={s.type === 0 ? 'blue' : 'green'}>{s.type === 0 ? t('debug.script.pre') : t('debug.script.after')}</Tag>
              <Tag>{t(`debug.script.scope.${s.scope}`)}</Tag>
              <Typography.Text>{s.name}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {ctx.canEditScripts && !draft && (
        <Button onClick={() => setDraft({ name: '', content: '// req, resp, lib, vars\n', type: 0, scope: 0, enabled: 1 })}>
          {t('debug.script.new')}
        </Button>
      )}
      {draft && (
        <div style={{ marginTop: 8 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Input
              placeholder={t('debug.script.name')}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              style={{ width: 220 }}
            />
            <Select
              value={draft.type}
              onChange={(v) => setDraft({ ...draft, type: v })}
              options={[
                { value: 0, label: t('debug.script.pre') },
                { value: 1, label: t('debug.script.after') },
              ]}
            />
            <Select
              value={draft.scope}
              onChange={(v) => setDraft({ ...draft, scope: v })}
              options={scopes.map((s) => ({ value: s, label: t(`debug.script.scope.${s}`) }))}
            />
            <Switch checked={!!draft.enabled} onChange={(v) => setDraft({ ...draft, enabled: v ? 1 : 0 })} />
            <Button type="primary" onClick={onSave} loading={save.isPending} disabled={!draft.name.trim()}>
              {t('debug.script.save')}
            </Button>
            <Button onClick={() => setDraft(null)}>{t('common.cancel', 'Cancel')}</Button>
          </Space>
          <CodeMirror value={draft.content} height="220px" extensions={extensions} onChange={(v) => setDraft({ ...draft, content: v })} />
        </div>
      )}
    </div>
  );
}
