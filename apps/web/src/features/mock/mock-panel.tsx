/**
 * Mock rules of a doc: the list with each rule's public URL, and an editor (path, request data to match,
 * status, headers, delay, fixed body with Mock.js templates or a server-side script) that previews the
 * output with the server's sandbox before saving.
 */
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DocDetail } from '@folio/shared';
import { Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { ui } from '../../lib/ui';
import { useDebugContext } from '../debug/debug-api';
import { type MockRule, useDeleteMockRuleMutation, useMockRulesQuery } from './api';
import { type Draft, draftOf, MockEditor } from './mock-editor';

const absolute = (url: string) => `${window.location.origin}${url}`;

export function MockPanel({ doc }: { doc: DocDetail }) {
  const { t } = useTranslation();
  const q = useMockRulesQuery(doc.id);
  // Edit rights come with the debug context of the doc (guests read rules and URLs only).
  const canEdit = useDebugContext(doc.id, '').data?.canEditMock ?? false;
  const [draft, setDraft] = useState<Draft | null>(null);
  // Each New/Edit opens a fresh editor (its preview starts empty).
  const [session, setSession] = useState(0);
  const edit = (r: MockRule | null) => {
    setSession((n) => n + 1);
    setDraft(draftOf(r, doc));
  };
  const del = useDeleteMockRuleMutation(doc.id);
  const deleteRule = (id: string) => del.mutate(id, { onSuccess: () => ui.message?.success(t('mock.deleted')) });
  const editActions = (r: MockRule) => [
    <Button key="edit" size="small" icon={<EditOutlined />} onClick={() => edit(r)}>
      {t('mock.edit')}
    </Button>,
    <Popconfirm key="del" title={t('mock.deleteConfirm')} onConfirm={() => deleteRule(r.id)}>
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('mock.delete')} />
    </Popconfirm>,
  ];
  return (
    <div data-testid="mock-panel">
      <Space style={{ marginBottom: 8 }}>
        <Button hidden={!canEdit} icon={<PlusOutlined />} onClick={() => edit(null)}>
          {t('mock.new')}
        </Button>
      </Space>
      <List
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: t('mock.empty') }}
        renderItem={(r) => (
          <List.Item
            data-testid="mock-rule"
            actions={[
              <Button key="copy" size="small" icon={<CopyOutlined />} onClick={() => copyText(absolute(r.url))}>
                {t('mock.copyUrl')}
              </Button>,
              ...(canEdit ? editActions(r) : []),
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  {r.isDefault ? <Tag color="blue">{t('mock.default')}</Tag> : null}
                  <span>{r.name}</span>
                  <Tag>{r.httpStatus}</Tag>
                  <Tag>{t(`mock.resultType.${r.resultType}`)}</Tag>
                </Space>
              }
              description={
                <Typography.Link href={r.url} target="_blank" data-testid="mock-url">
                  {absolute(r.url)}
                </Typography.Link>
              }
            />
          </List.Item>
        )}
      />
      {draft && <MockEditor key={session} doc={doc} draft={draft} setDraft={setDraft} />}
    </div>
  );
}
