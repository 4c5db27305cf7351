/** Languages tab: the UI languages, add/edit one (JSON over the English keys), download, set default, delete. */
import { Button, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import {
  type AdminLang,
  fetchLangContent,
  useAdminLangsQuery,
  useDeleteLangMutation,
  useSaveLangMutation,
  useSetDefaultLangMutation,
} from './api';

function download(lang: string, content: Record<string, string>) {
  const blob = new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${lang}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export function LanguagesTab() {
  const { t } = useTranslation();
  const list = useAdminLangsQuery();
  const saveLang = useSaveLangMutation();
  const setDefault = useSetDefaultLangMutation();
  const remove = useDeleteLangMutation();
  const [editing, setEditing] = useState<{ lang: string; description: string; content: string; isNew: boolean } | null>(null);
  const [form] = Form.useForm();

  const openEdit = async (lang?: AdminLang) => {
    try {
      const base = await fetchLangContent(lang?.lang ?? 'en');
      const value = {
        lang: lang?.lang ?? '',
        description: lang?.description ?? '',
        content: JSON.stringify(base.content, null, 2),
        isNew: !lang,
      };
      setEditing(value);
      form.setFieldsValue(value);
    } catch (e) {
      showError(e);
    }
  };

  const save = async (v: { lang: string; description: string; content: string }) => {
    try {
      await saveLang.mutateAsync(v);
      ui.message?.success(t('admin.saved'));
      setEditing(null);
    } catch (e) {
      showError(e, form);
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Button type="primary" onClick={() => openEdit()}>
          {t('admin.lang.add')}
        </Button>
      </Space>
      <Table
        rowKey="lang"
        size="small"
        pagination={false}
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={[
          { title: t('admin.lang.code'), dataIndex: 'lang' },
          {
            title: t('admin.lang.description'),
            dataIndex: 'description',
            render: (v: string, r: AdminLang) => (
              <Space>
                {v}
                {r.isDefault && <Tag color="blue">{t('admin.lang.default')}</Tag>}
                {r.builtin && <Tag>{t('admin.lang.builtin')}</Tag>}
                {r.custom && <Tag color="orange">{t('admin.lang.custom')}</Tag>}
              </Space>
            ),
          },
          {
            title: '',
            key: 'ops',
            render: (_: unknown, r: AdminLang) => (
              <Space wrap>
                <Button size="small" onClick={() => openEdit(r)}>
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  onClick={async () => {
                    try {
                      download(r.lang, (await fetchLangContent(r.lang)).content);
                    } catch (e) {
                      showError(e);
                    }
                  }}
                >
                  {t('admin.lang.download')}
                </Button>
                {!r.isDefault && (
                  <Button
                    size="small"
                    onClick={async () => {
                      try {
                        await setDefault.mutateAsync(r.lang);
                      } catch (e) {
                        showError(e);
                      }
                    }}
                  >
                    {t('admin.lang.setDefault')}
                  </Button>
                )}
                {r.custom && (
                  <Popconfirm
                    title={t('admin.lang.deleteConfirm')}
                    onConfirm={async () => {
                      try {
                        await remove.mutateAsync(r.lang);
                      } catch (e) {
                        showError(e);
                      }
                    }}
                  >
                    <Button size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.isNew ? t('admin.lang.add') : t('admin.lang.edit')}
        onCancel={() => setEditing(null)}
        footer={null}
        width={760}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="lang"
            label={t('admin.lang.code')}
            rules={[{ required: true, pattern: /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, message: t('validation.notEmpty') }]}
          >
            <Input disabled={!editing?.isNew} />
          </Form.Item>
          <Form.Item name="description" label={t('admin.lang.description')} rules={[{ required: true, max: 128 }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('admin.lang.content')}
            rules={[
              { required: true },
              {
                validator: (_: unknown, v: string) => {
                  try {
                    const o = JSON.parse(v);
                    return o && typeof o === 'object' && !Array.isArray(o) ? Promise.resolve() : Promise.reject(new Error('JSON object'));
                  } catch (e) {
                    return Promise.reject(e as Error);
                  }
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 12, maxRows: 24 }} style={{ fontFamily: 'monospace', fontSize: 12 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saveLang.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      </Modal>
    </>
  );
}
