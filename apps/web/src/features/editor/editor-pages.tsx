/**
 * Doc editors: HTTP (all fields and parameter tables), Dubbo, Markdown (CodeMirror + live preview) and
 * custom rich text (sanitized). Routes /doc/edit, /doc/edit_custom, /doc/new, /doc/copy, /doc/copy_custom.
 */
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import type { TreeNode } from '@folio/shared';
import { CONTENT_TYPES, type DocDetail, DocStatus, DocType, HTTP_METHODS } from '@folio/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tabs,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { MarkdownEditor } from '../../components/markdown-editor';
import { ParamTable } from '../../components/param-table';
import { RichTextEditor } from '../../components/rich-text-editor';
import { ApiError, api } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { countParams, type EditParam, invalidNames } from '../../lib/param-tree';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';
import { useUnsavedEdits } from '../../lib/unsaved';
import { useModuleQuery } from '../application/api';
import { useDictionariesQuery } from '../dictionary/api';
import { invalidateModule, useDocTree } from '../docs/docs-api';
import { ConflictDialog, type CurrentVersion } from './conflict-dialog';
import { type DocFormValues, type DocParamsState, docToForm, emptyDoc, formToPayload, missingPathParams } from './doc-form';
import { ErrorCodeTable } from './error-code-table';
import { SpecExamples } from './spec-examples';

interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

type Mode = { kind: 'edit'; docId: string } | { kind: 'new'; parentId: string; type: number } | { kind: 'copy'; copyId: string };

const TYPE_BY_NAME: Record<string, number> = {
  http: DocType.HTTP,
  dubbo: DocType.DUBBO,
  custom: DocType.CUSTOM,
  markdown: DocType.MARKDOWN,
};

function folderTree(nodes: TreeNode[]): FolderOption[] {
  return nodes.filter((n) => n.isFolder).map((n) => ({ value: n.id, title: n.label || n.name, children: folderTree(n.children ?? []) }));
}

function DocEditor({ moduleId, mode }: { moduleId: string; mode: Mode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<DocFormValues>();
  const initOrder = useViewConfig().data?.initOrder ?? 10000;
  const moduleInfo = useModuleQuery(moduleId);
  const tree = useDocTree(moduleId);
  const dicts = useDictionariesQuery(moduleId);
  const sourceId = mode.kind === 'edit' ? mode.docId : mode.kind === 'copy' ? mode.copyId : '';
  const source = useQuery({
    queryKey: ['doc', sourceId],
    queryFn: () => api.get<DocDetail>('doc/detail', { id: sourceId }),
    enabled: !!sourceId,
    staleTime: 0,
  });
  const [params, setParams] = useState<DocParamsState | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  useUnsavedEdits(dirty);
  const saved = useRef(false);
  useLeaveGuard(dirty, saved);
  const url: string = Form.useWatch('url', form) ?? '';

  const type = mode.kind === 'new' ? mode.type : (source.data?.type ?? DocType.HTTP);
  // The form is filled once per editor; later refetches or re-renders never overwrite the user's edits.
  const newType = mode.kind === 'new' ? mode.type : -1;
  const newParent = mode.kind === 'new' ? mode.parentId : '';
  const initial = useMemo(() => {
    if (newType >= 0) return emptyDoc(newType, newParent);
    if (!source.data) return null;
    return docToForm(source.data, mode.kind === 'copy', t('doc.copySuffix'));
  }, [newType, newParent, mode.kind, source.data, t]);
  const filled = useRef(false);
  // The version the user is editing from: a save from it that someone else has replaced answers 409.
  const baseModified = useRef<string | undefined>(undefined);
  const [conflict, setConflict] = useState<{ current: CurrentVersion; mine: Record<string, unknown> } | null>(null);

  useEffect(() => {
    if (!initial || filled.current) return;
    filled.current = true;
    if (mode.kind === 'edit') baseModified.current = source.data?.gmtModified;
    form.setFieldsValue(initial.values);
    setParams(initial.params);
    setDirty(false);
  }, [initial, form, mode.kind, source.data]);

  const projectId = moduleInfo.data?.projectId;
  if (projectId && !can('doc.update', projectId)) return <Result status="403" title={t('common.noPermission')} />;
  if (sourceId && source.isError) return <Result status="404" title={t('doc.notFound')} />;
  if (!initial || !params) return <Skeleton active className="page" />;

  const setP = (k: keyof DocParamsState) => (v: EditParam[] | DocParamsState['errorCodeParams']) => {
    setParams((p) => (p ? { ...p, [k]: v } : p));
    setDirty(true);
  };

  const back = (docId?: string) => {
    if (projectId) navigate(`/project/doc/${projectId}?moduleId=${moduleId}${docId ? `&docId=${docId}` : ''}`);
    else navigate(-1);
  };

  const save = async () => {
    let values: DocFormValues;
    try {
      values = await form.validateFields();
    } catch {
      ui.message?.error(t('validation.finishForm'));
      return;
    }
    const all = [...params.headerParams, ...params.pathParams, ...params.queryParams, ...params.requestParams, ...params.responseParams];
    const bad = invalidNames(all);
    if (bad.length) {
      ui.message?.error(`${t('param.nameFormat')}: ${bad.map((b) => b || t('param.emptyName')).join(', ')}`);
      return;
    }
    const payload = formToPayload({
      id: mode.kind === 'edit' ? mode.docId : undefined,
      moduleId,
      type,
      values: { ...form.getFieldsValue(true), ...values },
      params,
    });
    await send(payload, baseModified.current);
  };

  /** Saves from a version (the loaded one, or on overwrite the current one); a conflict opens the dialog. */
  const send = async (payload: Record<string, unknown>, base: string | undefined) => {
    setSaving(true);
    try {
      const r = await api.post<{ id: string }>('doc/save', { ...payload, ...(base ? { baseModified: base } : {}) });
      saved.current = true;
      setDirty(false);
      setConflict(null);
      invalidateModule(moduleId);
      await queryClient.invalidateQueries({ queryKey: ['doc', r.id] });
      ui.message?.success(t('common.saved'));
      setTimeout(() => back(r.id), 0);
    } catch (e) {
      if (e instanceof ApiError && e.error === 'doc_version_conflict' && e.data) {
        setConflict({ current: e.data as CurrentVersion, mine: payload });
      } else showError(e, form);
    } finally {
      setSaving(false);
    }
  };

  /** Discards the user's edits for the current version (their choice in the conflict dialog). */
  const reload = (current: DocDetail) => {
    const fresh = docToForm(current, false, t('doc.copySuffix'));
    baseModified.current = current.gmtModified;
    form.resetFields();
    form.setFieldsValue(fresh.values);
    setParams(fresh.params);
    setDirty(false);
    setConflict(null);
    queryClient.setQueryData(['doc', current.id], current);
  };

  const isHttp = type === DocType.HTTP;
  const isDubbo = type === DocType.DUBBO;
  const isText = type === DocType.MARKDOWN || type === DocType.CUSTOM;
  const title =
    mode.kind === 'edit'
      ? t('doc.editTitle')
      : mode.kind === 'copy'
        ? t('doc.copyTitle')
        : t(`doc.newTitle${['Http', 'Dubbo', 'Custom', 'Markdown'][type]}`);
  const dictOptions = (dicts.data ?? []).map((d) => ({ id: d.id, name: d.name }));
  const missing = isHttp ? missingPathParams(url, params.pathParams) : [];
  const tab = (key: keyof DocParamsState, label: string) => ({
    key,
    label: (
      <span>
        {label}{' '}
        <Badge
          count={key === 'errorCodeParams' ? params.errorCodeParams.length : countParams(params[key] as EditParam[])}
          size="small"
          color="#8c8c8c"
        />
      </span>
    ),
  });

  return (
    <div className="page editor-page">
      {conflict && mode.kind === 'edit' && (
        <ConflictDialog
          docId={mode.docId}
          current={conflict.current}
          mine={conflict.mine}
          saving={saving}
          onOverwrite={() => send(conflict.mine, conflict.current.gmtModified)}
          onReload={reload}
          onClose={() => setConflict(null)}
        />
      )}
      <Flex className="editor-header" justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => back(mode.kind === 'edit' ? mode.docId : undefined)}
            aria-label={t('common.back')}
          />
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {source.data?.isLocked ? <Alert type="warning" showIcon title={t('doc.lockedHint')} style={{ padding: '0 8px' }} /> : null}
        </Space>
        <Space>
          <Button onClick={() => back(mode.kind === 'edit' ? mode.docId : undefined)}>{t('common.cancel')}</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save} data-testid="doc-save">
            {t('common.save')}
          </Button>
        </Space>
      </Flex>
      <Form form={form} layout="vertical" onValuesChange={() => setDirty(true)} requiredMark>
        <Card size="small" className="editor-card">
          <Row gutter={16}>
            <Col xs={24} md={isHttp ? 8 : 12}>
              <Form.Item
                name="name"
                label={t('doc.name')}
                rules={[{ required: true, whitespace: true, max: 255, message: t('validation.notEmptyLength', { 0: 255 }) }]}
              >
                <Input data-testid="doc-name" />
              </Form.Item>
            </Col>
            {isHttp && (
              <Col xs={24} md={16}>
                <Form.Item label={t('doc.url')} required>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="httpMethod" noStyle>
                      <Select
                        style={{ width: 120 }}
                        options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
                        aria-label={t('doc.httpMethod')}
                        data-testid="doc-method"
                      />
                    </Form.Item>
                    <Form.Item
                      name="url"
                      noStyle
                      rules={[
                        { required: true, whitespace: true, message: t('validation.notEmpty') },
                        { max: 1024, message: t('validation.maxLength', { 0: 1024 }) },
                      ]}
                    >
                      <Input placeholder="/api/users/{id}" data-testid="doc-url" />
                    </Form.Item>
                  </Space.Compact>
                </Form.Item>
              </Col>
            )}
            {isDubbo && (
              <Col xs={24} md={12}>
                <Form.Item name="url" label={t('dubbo.method')} rules={[{ max: 1024, message: t('validation.maxLength', { 0: 1024 }) }]}>
                  <Input placeholder="getUser" />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Row gutter={16}>
            {isHttp && (
              <Col xs={24} sm={12} md={6}>
                <Form.Item name="contentType" label={t('doc.contentType')}>
                  <Select options={CONTENT_TYPES.map((c) => ({ value: c, label: c }))} />
                </Form.Item>
              </Col>
            )}
            <Col xs={12} md={isText ? 6 : 4}>
              <Form.Item name="status" label={t('doc.status')}>
                <Select
                  options={[
                    { value: DocStatus.TODO, label: t('doc.statusTodo') },
                    { value: DocStatus.DOING, label: t('doc.statusDoing') },
                    { value: DocStatus.DONE, label: t('doc.statusDone') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="author" label={t('doc.author')} rules={[{ max: 128, message: t('validation.maxLength', { 0: 128 }) }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={isText ? 8 : 6}>
              <Form.Item name="parentId" label={t('doc.folder')}>
                <TreeSelect
                  allowClear
                  treeDefaultExpandAll
                  placeholder={t('folder.root')}
                  treeData={[{ value: '', title: t('folder.root'), children: folderTree(tree.data ?? []) }]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={2}>
              <Form.Item name="orderIndex" label={t('doc.order')} tooltip={t('doc.orderHint')}>
                <InputNumber controls={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={2}>
              <Form.Item name="version" label={t('doc.version')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={24} wrap align="center">
            <Form.Item name="isShow" valuePropName="checked" label={t('doc.isShow')} layout="horizontal" style={{ marginBottom: 8 }}>
              <Switch size="small" />
            </Form.Item>
            <Form.Item
              name="deprecatedOn"
              valuePropName="checked"
              label={t('doc.deprecated')}
              layout="horizontal"
              style={{ marginBottom: 8 }}
            >
              <Switch size="small" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.deprecatedOn !== b.deprecatedOn}>
              {({ getFieldValue }) =>
                getFieldValue('deprecatedOn') && (
                  <Form.Item name="deprecatedReason" style={{ marginBottom: 8, minWidth: 240 }}>
                    <Input size="small" placeholder={t('doc.deprecatedReason')} />
                  </Form.Item>
                )
              }
            </Form.Item>
          </Flex>
        </Card>

        {isDubbo && (
          <Card size="small" title={t('dubbo.title')} className="editor-card">
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="dubboInterfaceName" label={t('dubbo.interfaceName')}>
                  <Input placeholder="com.example.UserService" />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name="dubboVersion" label={t('doc.version')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name="dubboProtocol" label={t('dubbo.protocol')}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name="dubboAuthor" label={t('doc.author')}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="definition" label={t('dubbo.definition')}>
              <Input className="mono" placeholder="User getUser(Long id)" />
            </Form.Item>
            <Form.Item name="dubboDependency" label={t('dubbo.dependency')}>
              <Input.TextArea rows={4} className="mono" placeholder="<dependency>…</dependency>" />
            </Form.Item>
          </Card>
        )}

        {type === DocType.MARKDOWN && (
          <Card size="small" title={t('doc.content')} className="editor-card">
            <Form.Item name="description" noStyle>
              <MarkdownEditor height={480} />
            </Form.Item>
          </Card>
        )}
        {type === DocType.CUSTOM && (
          <Card size="small" title={t('doc.content')} className="editor-card">
            <Form.Item name="description" noStyle>
              <RichTextEditor />
            </Form.Item>
          </Card>
        )}
        {!isText && (
          <Card size="small" title={t('doc.description')} className="editor-card">
            <Form.Item name="description" noStyle>
              <MarkdownEditor height={200} />
            </Form.Item>
          </Card>
        )}
      </Form>

      {!isText && (
        <Card size="small" className="editor-card">
          {missing.length > 0 && (
            <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('doc.missingPathParams', { 0: missing.join(', ') })} />
          )}
          <Tabs
            defaultActiveKey={isHttp && ['GET', 'HEAD', 'DELETE'].includes(initial.values.httpMethod) ? 'queryParams' : 'requestParams'}
            items={[
              ...(isHttp
                ? [
                    {
                      ...tab('headerParams', t('doc.headerParams')),
                      children: (
                        <>
                          <FlagCheckbox
                            form={form}
                            flag="isUseGlobalHeaders"
                            label={t('doc.useCommonHeaders')}
                            onChange={() => setDirty(true)}
                          />
                          <ParamTable
                            kind="header"
                            value={params.headerParams}
                            onChange={setP('headerParams')}
                            initOrder={initOrder}
                            testId="header-params"
                          />
                        </>
                      ),
                    },
                    {
                      ...tab('pathParams', t('doc.pathParams')),
                      children: (
                        <ParamTable
                          kind="path"
                          value={params.pathParams}
                          onChange={setP('pathParams')}
                          initOrder={initOrder}
                          dictionaries={dictOptions}
                          testId="path-params"
                        />
                      ),
                    },
                    {
                      ...tab('queryParams', t('doc.queryParams')),
                      children: (
                        <>
                          <FlagCheckbox
                            form={form}
                            flag="isUseGlobalParams"
                            label={t('doc.useCommonParams')}
                            onChange={() => setDirty(true)}
                          />
                          <ParamTable
                            kind="query"
                            value={params.queryParams}
                            onChange={setP('queryParams')}
                            initOrder={initOrder}
                            dictionaries={dictOptions}
                            testId="query-params"
                          />
                        </>
                      ),
                    },
                  ]
                : []),
              {
                ...tab('requestParams', isHttp ? t('doc.bodyParams') : t('doc.requestParams')),
                children: (
                  <>
                    <ArrayFlag
                      form={form}
                      flag="isRequestArray"
                      typeField="requestArrayType"
                      label={t('doc.requestArray')}
                      onChange={() => setDirty(true)}
                    />
                    <ParamTable
                      kind="request"
                      value={params.requestParams}
                      onChange={setP('requestParams')}
                      initOrder={initOrder}
                      dictionaries={dictOptions}
                      testId="request-params"
                    />
                    {params.specExtras?.requestExamples?.length ? (
                      <SpecExamples
                        examples={params.specExtras.requestExamples}
                        params={params.requestParams}
                        onChange={(requestExamples) => {
                          setParams((p) => (p?.specExtras ? { ...p, specExtras: { ...p.specExtras, requestExamples } } : p));
                          setDirty(true);
                        }}
                      />
                    ) : null}
                  </>
                ),
              },
              {
                ...tab('responseParams', t('doc.responseParams')),
                children: (
                  <>
                    <Flex gap={24} wrap>
                      <ArrayFlag
                        form={form}
                        flag="isResponseArray"
                        typeField="responseArrayType"
                        label={t('doc.responseArray')}
                        onChange={() => setDirty(true)}
                      />
                      <FlagCheckbox
                        form={form}
                        flag="isUseGlobalReturns"
                        label={t('doc.useCommonReturns')}
                        onChange={() => setDirty(true)}
                      />
                    </Flex>
                    <ParamTable
                      kind="response"
                      value={params.responseParams}
                      onChange={setP('responseParams')}
                      initOrder={initOrder}
                      dictionaries={dictOptions}
                      testId="response-params"
                    />
                  </>
                ),
              },
              {
                ...tab('errorCodeParams', t('doc.errorCodes')),
                children: <ErrorCodeTable value={params.errorCodeParams} onChange={setP('errorCodeParams')} />,
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}

/** Asks before leaving the editor (in-app navigation) while it holds unsaved edits. */
function useLeaveGuard(dirty: boolean, saved: React.RefObject<boolean>) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    ui.modal?.confirm({
      title: t('editor.leaveTitle'),
      content: t('editor.leaveText'),
      okText: t('editor.leave'),
      cancelText: t('editor.stay'),
      okButtonProps: { danger: true },
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, t]);
}

/** A boolean doc field shown as a checkbox above a parameter table. */
function FlagCheckbox({
  form,
  flag,
  label,
  onChange,
}: {
  form: ReturnType<typeof Form.useForm<DocFormValues>>[0];
  flag: 'isUseGlobalHeaders' | 'isUseGlobalParams' | 'isUseGlobalReturns';
  label: string;
  onChange: () => void;
}) {
  const on = Form.useWatch(flag, { form, preserve: true });
  return (
    <Checkbox
      checked={!!on}
      style={{ marginBottom: 8 }}
      onChange={(e) => {
        form.setFieldValue(flag, e.target.checked);
        onChange();
      }}
    >
      {label}
    </Checkbox>
  );
}

/** "Body is an array of <type>" switch. */
function ArrayFlag({
  form,
  flag,
  typeField,
  label,
  onChange,
}: {
  form: ReturnType<typeof Form.useForm<DocFormValues>>[0];
  flag: 'isRequestArray' | 'isResponseArray';
  typeField: 'requestArrayType' | 'responseArrayType';
  label: string;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const on = Form.useWatch(flag, { form, preserve: true });
  const elType = Form.useWatch(typeField, { form, preserve: true });
  return (
    <Space style={{ marginBottom: 8 }}>
      <Checkbox
        checked={!!on}
        onChange={(e) => {
          form.setFieldValue(flag, e.target.checked);
          onChange();
        }}
      >
        {label}
      </Checkbox>
      {on && (
        <Select
          size="small"
          value={elType || 'object'}
          aria-label={t('param.type')}
          style={{ width: 110 }}
          options={['object', 'string', 'number', 'boolean'].map((x) => ({ value: x, label: x }))}
          onChange={(v) => {
            form.setFieldValue(typeField, v);
            onChange();
          }}
        />
      )}
    </Space>
  );
}

/** Custom and Markdown docs opened through /doc/edit go to their own editor route (and vice versa). */
function EditRoute({ custom }: { custom: boolean }) {
  const { moduleId = '', docId = '' } = useParams();
  const { data } = useQuery({ queryKey: ['doc', docId], queryFn: () => api.get<DocDetail>('doc/detail', { id: docId }) });
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
