/**
 * Managing one composed project: its docs and folders picked from other spaces (own folder names and order),
 * settings (visibility, password, debugging, gateway), common params and extra pages.
 */
import { DeleteOutlined, FolderAddOutlined, PlusOutlined } from '@ant-design/icons';
import { ComposeType, type DocParam, METHOD_TAG_COLORS, type TreeNode } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { MarkdownEditor } from '../../components/markdown-editor';
import { ParamTable } from '../../components/param-table';
import { api } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { type EditParam, fromDocParams, toDocParams } from '../../lib/param-tree';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';
import { DocTreeTitle } from '../docs/doc-tree-node';
import { fetchViewProjects } from '../project/project-api';
import { type ComposeRow, nestComposeRows } from './compose-rows';

export interface ComposeProject {
  id: string;
  publicId: string;
  url: string;
  name: string;
  description?: string;
  type: number;
  status: number;
  showDebug?: number;
  gatewayUrl?: string;
  orderIndex?: number;
  creatorName?: string;
  gmtCreate?: number;
}

interface FolderOpt {
  value: string;
  title: string;
  children: FolderOpt[];
}
const folderOptions = (rows: ComposeRow[]): FolderOpt[] =>
  rows
    .filter((r) => r.isFolder && !r.docId)
    .map((r) => ({ value: r.id, title: r.folderName || r.name, children: folderOptions(r.children ?? []) }));

/** Picks docs and folders of any readable project. */
function AddDocsDialog({
  projectId,
  open,
  folders,
  onClose,
}: {
  projectId: string;
  open: boolean;
  folders: FolderOpt[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const projects = useQuery({
    queryKey: ['viewProjects'],
    queryFn: fetchViewProjects,
    enabled: open,
  });
  const [source, setSource] = useState<string>();
  const [checked, setChecked] = useState<string[]>([]);
  const [parentId, setParentId] = useState('');
  const tree = useQuery({
    queryKey: ['projectTree', source],
    queryFn: () => api.get<TreeNode[]>('doc/view/dataByProject', { projectId: source }),
    enabled: !!source,
  });
  const toData = (nodes: TreeNode[]): { key: string; title: React.ReactNode; children?: unknown[]; checkable?: boolean }[] =>
    nodes.map((n) => ({
      key: n.id,
      title: <DocTreeTitle node={n} />,
      checkable: n.type !== 0 && n.type !== 1,
      children: n.children?.length ? toData(n.children) : undefined,
    }));
  return (
    <Modal
      open={open}
      width={720}
      title={t('compose.addDocs')}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        if (!checked.length) {
          ui.message?.error(t('validation.tickDocs'));
          return;
        }
        try {
          await api.post('compose/doc/add', { projectId, parentId, docIds: checked });
          queryClient.invalidateQueries({ queryKey: ['composeDocs', projectId] });
          setChecked([]);
          onClose();
        } catch (e) {
          showError(e);
        }
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('compose.pickProject')}
          style={{ width: '100%' }}
          value={source}
          onChange={(v) => {
            setSource(v);
            setChecked([]);
          }}
          loading={projects.isLoading}
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.spaceName} / ${p.name}` }))}
        />
        {source && (
          <div className="share-tree">
            <Tree
              key={`${source}-${tree.dataUpdatedAt}`}
              checkable
              virtual
              height={300}
              defaultExpandAll
              treeData={toData(tree.data ?? []) as never}
              checkedKeys={checked}
              onCheck={(k) => setChecked((Array.isArray(k) ? k : k.checked) as string[])}
            />
          </div>
        )}
        <Typography.Text type="secondary">{t('compose.targetFolder')}</Typography.Text>
        <TreeSelect
          style={{ width: '100%' }}
          value={parentId}
          onChange={(v) => setParentId(v ?? '')}
          treeDefaultExpandAll
          treeData={[{ value: '', title: t('folder.root'), children: folders }]}
        />
      </Space>
    </Modal>
  );
}

function ComposeDocs({ project }: { project: ComposeProject }) {
  const { t } = useTranslation();
  const key = ['composeDocs', project.id];
  const { data, isLoading } = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ rows: ComposeRow[] }>('compose/doc/list', { projectId: project.id }),
  });
  const rows = nestComposeRows(data?.rows ?? []);
  const [adding, setAdding] = useState(false);
  const [folderOpen, setFolderOpen] = useState(false);
  const [form] = Form.useForm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const update = async (id: string, patch: { folderName?: string; orderIndex?: number }) => {
    try {
      await api.post('compose/doc/update', { id, ...patch });
      refresh();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('compose.addDocs')}
        </Button>
        <Button icon={<FolderAddOutlined />} onClick={() => setFolderOpen(true)}>
          {t('folder.new')}
        </Button>
      </Space>
      <Table<ComposeRow>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: <Empty description={t('compose.noDocs')} /> }}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('doc.name'),
            key: 'name',
            render: (_, r) =>
              r.isFolder ? (
                <Input
                  size="small"
                  defaultValue={r.folderName || r.name}
                  style={{ width: 200 }}
                  onBlur={(e) => e.target.value !== (r.folderName || r.name) && update(r.id, { folderName: e.target.value })}
                />
              ) : (
                <Space size={4}>
                  {r.httpMethod && <Tag color={METHOD_TAG_COLORS[r.httpMethod.toUpperCase()] ?? 'default'}>{r.httpMethod}</Tag>}
                  <span className={r.missing ? 'deprecated' : ''}>{r.missing ? t('doc.notFound') : r.name}</span>
                </Space>
              ),
          },
          { title: t('doc.url'), dataIndex: 'url' },
          { title: t('compose.origin'), dataIndex: 'origin' },
          {
            title: t('doc.order'),
            dataIndex: 'orderIndex',
            width: 110,
            render: (v: number, r) => (
              <InputNumber
                controls={false}
                size="small"
                defaultValue={v}
                style={{ width: 90 }}
                onBlur={(e) => Number(e.target.value) !== v && update(r.id, { orderIndex: Number(e.target.value) })}
              />
            ),
          },
          {
            title: '',
            key: 'op',
            width: 48,
            render: (_, r) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.delete')}
                onClick={() =>
                  confirmAction({
                    title: t('compose.removeConfirm', { 0: r.folderName || r.name }),
                    run: async () => {
                      await api.post('compose/doc/delete', { id: r.id });
                      refresh();
                    },
                  })
                }
              />
            ),
          },
        ]}
      />
      <AddDocsDialog projectId={project.id} open={adding} folders={folderOptions(rows)} onClose={() => setAdding(false)} />
      <Modal
        open={folderOpen}
        title={t('folder.new')}
        destroyOnHidden
        onCancel={() => setFolderOpen(false)}
        onOk={async () => {
          const v = await form.validateFields();
          try {
            await api.post('compose/doc/folder/add', { projectId: project.id, parentId: v.parentId ?? '', name: v.name.trim() });
            refresh();
            setFolderOpen(false);
            form.resetFields();
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('folder.name')}
            rules={[{ required: true, whitespace: true, max: 255, message: t('validation.notEmptyLength', { 0: 255 }) }]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="parentId" label={t('compose.targetFolder')} initialValue="">
            <TreeSelect treeDefaultExpandAll treeData={[{ value: '', title: t('folder.root'), children: folderOptions(rows) }]} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function ComposeSettings({ project, onSaved }: { project: ComposeProject; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const type = Form.useWatch('type', form);
  useEffect(() => {
    form.setFieldsValue({ ...project, password: '', showDebug: !!project.showDebug, status: project.status === 1 });
  }, [project, form]);
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={async (v) => {
        try {
          await api.post('compose/project/update', {
            id: project.id,
            name: v.name.trim(),
            description: v.description ?? '',
            type: v.type,
            ...(v.type === ComposeType.ENCRYPT && v.password?.trim() ? { password: v.password.trim() } : {}),
            showDebug: v.showDebug ? 1 : 0,
            gatewayUrl: (v.gatewayUrl ?? '').trim(),
            orderIndex: v.orderIndex ?? 0,
          });
          onSaved();
          ui.message?.success(t('common.saved'));
        } catch (e) {
          showError(e, form);
        }
      }}
    >
      <Form.Item
        name="name"
        label={t('compose.name')}
        rules={[{ required: true, whitespace: true, max: 128, message: t('validation.notEmptyLength', { 0: 128 }) }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('project.description')}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item name="type" label={t('share.type')}>
        <Radio.Group
          options={[
            { value: ComposeType.PUBLIC, label: t('share.public') },
            { value: ComposeType.ENCRYPT, label: t('share.encrypt') },
          ]}
        />
      </Form.Item>
      {type === ComposeType.ENCRYPT && (
        <Form.Item
          label={t('share.password')}
          extra={project.type === ComposeType.ENCRYPT ? t('share.passwordKeep') : t('share.passwordAuto')}
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="password" noStyle>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
            {project.type === ComposeType.ENCRYPT && (
              <Button
                onClick={async () => {
                  try {
                    const r = await api.get<{ password: string }>('compose/project/password', { id: project.id });
                    await copyText(r.password);
                  } catch (e) {
                    showError(e);
                  }
                }}
              >
                {t('compose.copyPassword')}
              </Button>
            )}
          </Space.Compact>
        </Form.Item>
      )}
      <Form.Item name="showDebug" label={t('share.allowDebug')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="gatewayUrl"
        label={t('compose.gatewayUrl')}
        rules={[{ pattern: /^(https?:\/\/\S+)?$/, message: t('validation.url') }]}
      >
        <Input placeholder="https://gateway.example.com" />
      </Form.Item>
      <Form.Item name="orderIndex" label={t('doc.order')}>
        <InputNumber controls={false} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('common.save')}
      </Button>
    </Form>
  );
}

function ComposeParams({ project }: { project: ComposeProject }) {
  const { t } = useTranslation();
  const initOrder = useViewConfig().data?.initOrder ?? 10000;
  const key = ['composeParams', project.id];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<{ globalHeaders: DocParam[]; globalParams: DocParam[]; globalReturns: DocParam[] }>('compose/project/params', {
        projectId: project.id,
      }),
  });
  const [state, setState] = useState<{ globalHeaders: EditParam[]; globalParams: EditParam[]; globalReturns: EditParam[] } | null>(null);
  useEffect(() => {
    if (data)
      setState({
        globalHeaders: fromDocParams(data.globalHeaders),
        globalParams: fromDocParams(data.globalParams),
        globalReturns: fromDocParams(data.globalReturns),
      });
  }, [data]);
  if (!state) return null;
  const set = (k: keyof typeof state) => (v: EditParam[]) => setState({ ...state, [k]: v });
  return (
    <>
      <Tabs
        size="small"
        items={[
          {
            key: 'h',
            label: t('module.commonHeaders'),
            children: <ParamTable kind="header" value={state.globalHeaders} onChange={set('globalHeaders')} initOrder={initOrder} />,
          },
          {
            key: 'p',
            label: t('module.commonParams'),
            children: <ParamTable kind="request" value={state.globalParams} onChange={set('globalParams')} initOrder={initOrder} />,
          },
          {
            key: 'r',
            label: t('module.commonReturns'),
            children: <ParamTable kind="response" value={state.globalReturns} onChange={set('globalReturns')} initOrder={initOrder} />,
          },
        ]}
      />
      <Button
        type="primary"
        style={{ marginTop: 12 }}
        onClick={async () => {
          try {
            await api.post('compose/project/params/save', {
              projectId: project.id,
              globalHeaders: toDocParams(state.globalHeaders),
              globalParams: toDocParams(state.globalParams),
              globalReturns: toDocParams(state.globalReturns),
            });
            queryClient.invalidateQueries({ queryKey: key });
            ui.message?.success(t('common.saved'));
          } catch (e) {
            showError(e);
          }
        }}
      >
        {t('common.save')}
      </Button>
    </>
  );
}

interface ExtraPage {
  id: string;
  title: string;
  content: string;
  orderIndex: number;
  status: number;
}

function ComposePages({ project }: { project: ComposeProject }) {
  const { t } = useTranslation();
  const key = ['composePages', project.id];
  const { data, isLoading } = useQuery({
    queryKey: key,
    queryFn: () => api.get<ExtraPage[]>('compose/page/list', { projectId: project.id }),
  });
  const [editing, setEditing] = useState<ExtraPage | 'new' | null>(null);
  const [form] = Form.useForm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return (
    <>
      <Button
        icon={<PlusOutlined />}
        style={{ marginBottom: 12 }}
        onClick={() => {
          form.setFieldsValue({ title: '', content: '', orderIndex: 0, status: true });
          setEditing('new');
        }}
      >
        {t('compose.addPage')}
      </Button>
      <Table<ExtraPage>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: t('compose.pageTitle'), dataIndex: 'title' },
          { title: t('doc.order'), dataIndex: 'orderIndex', width: 90 },
          {
            title: t('common.status'),
            dataIndex: 'status',
            width: 90,
            render: (v: number) => (v ? t('common.enabled') : t('common.disabled')),
          },
          {
            title: t('common.actions'),
            key: 'op',
            width: 140,
            render: (_, p) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    form.setFieldsValue({ ...p, status: p.status === 1 });
                    setEditing(p);
                  }}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() =>
                    confirmAction({
                      title: t('common.confirmDelete'),
                      run: async () => {
                        await api.post('compose/page/delete', { id: p.id });
                        refresh();
                      },
                    })
                  }
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        width={960}
        title={editing === 'new' ? t('compose.addPage') : t('compose.editPage')}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await form.validateFields();
          const body = { title: v.title.trim(), content: v.content ?? '', orderIndex: v.orderIndex ?? 0, status: v.status ? 1 : 0 };
          try {
            if (editing === 'new') await api.post('compose/page/add', { projectId: project.id, ...body });
            else if (editing) await api.post('compose/page/update', { id: editing.id, ...body });
            refresh();
            setEditing(null);
          } catch (e) {
            showError(e, form);
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Space align="start" wrap>
            <Form.Item
              name="title"
              label={t('compose.pageTitle')}
              rules={[{ required: true, whitespace: true, message: t('validation.notEmpty') }]}
            >
              <Input style={{ width: 320 }} />
            </Form.Item>
            <Form.Item name="orderIndex" label={t('doc.order')}>
              <InputNumber controls={false} />
            </Form.Item>
            <Form.Item name="status" label={t('common.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="content" noStyle>
            <MarkdownEditor height={360} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function ComposeManageDrawer({
  project,
  onClose,
  onChanged,
}: {
  project: ComposeProject | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={!!project} size={Math.min(1100, window.innerWidth)} title={project?.name} onClose={onClose} destroyOnHidden>
      {project && (
        <Tabs
          items={[
            { key: 'docs', label: t('compose.docs'), children: <ComposeDocs project={project} /> },
            { key: 'settings', label: t('compose.settings'), children: <ComposeSettings project={project} onSaved={onChanged} /> },
            { key: 'params', label: t('compose.params'), children: <ComposeParams project={project} /> },
            { key: 'pages', label: t('compose.pages'), children: <ComposePages project={project} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
