/**
 * The doc editor: loads the doc (edit, copy) or starts a new one, holds the form and the parameter tables,
 * checks them (form rules, the shared param-name rule, the examples' JSON), saves from the version it loaded
 * (a newer version answers 409 and opens the conflict dialog) and goes back to the doc.
 */
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { type DocDetail, DocType } from '@folio/shared';
import { Alert, Button, Flex, Form, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { invalidNames } from '../../lib/param-tree';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';
import { useUnsavedEdits } from '../../lib/unsaved';
import { useModuleQuery } from '../application/api';
import { useDictionariesQuery } from '../dictionary/api';
import { useDocTree } from '../docs/docs-api';
import { useEditedDocQuery, useSaveDocMutation } from './api';
import { ConflictDialog, type CurrentVersion } from './conflict-dialog';
import { DocFields } from './doc-fields';
import { type DocFormValues, type DocParamsState, docToForm, emptyDoc, formToPayload, goneStatuses } from './doc-form';
import { exampleErrors, exampleGroups, paramExamplesInStep } from './example-edits';
import { firstParamTab, ParamTabs } from './param-tabs';
import { useLeaveGuard } from './use-leave-guard';

/** What the editor opens: a doc to edit, a new doc of a type under a folder, or a copy of a doc. */
export type EditorMode =
  | { kind: 'edit'; docId: string }
  | { kind: 'new'; parentId: string; type: number }
  | { kind: 'copy'; copyId: string };

export function DocEditor({ moduleId, mode }: { moduleId: string; mode: EditorMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [form] = Form.useForm<DocFormValues>();
  const initOrder = useViewConfig().data?.initOrder ?? 10000;
  const moduleInfo = useModuleQuery(moduleId);
  const tree = useDocTree(moduleId);
  const dicts = useDictionariesQuery(moduleId);
  const sourceId = mode.kind === 'edit' ? mode.docId : mode.kind === 'copy' ? mode.copyId : '';
  const source = useEditedDocQuery(sourceId);
  const saveDoc = useSaveDocMutation(moduleId);
  const [params, setParams] = useState<DocParamsState | null>(null);
  const [dirty, setDirty] = useState(false);
  const [activeTab, setActiveTab] = useState<string | null>(null);
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

  const markDirty = () => setDirty(true);
  const update = (patch: Partial<DocParamsState>) => {
    setParams((p) => (p ? paramExamplesInStep(p, { ...p, ...patch }) : p));
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
    const gone = goneStatuses(params);
    const badExamples = params.specExtras ? exampleErrors(exampleGroups(params.specExtras, true, [], [], gone)) : [];
    if (badExamples.length) {
      setActiveTab('examples');
      ui.message?.error(t('doc.examples.fixFirst', { 0: badExamples.length }));
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
    try {
      const r = await saveDoc.mutateAsync({ ...payload, ...(base ? { baseModified: base } : {}) });
      saved.current = true;
      setDirty(false);
      setConflict(null);
      ui.message?.success(t('common.saved'));
      setTimeout(() => back(r.id), 0);
    } catch (e) {
      if (e instanceof ApiError && e.error === 'doc_version_conflict' && e.data) {
        setConflict({ current: e.data as CurrentVersion, mine: payload });
      } else showError(e, form);
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

  const isText = type === DocType.MARKDOWN || type === DocType.CUSTOM;
  const title =
    mode.kind === 'edit'
      ? t('doc.editTitle')
      : mode.kind === 'copy'
        ? t('doc.copyTitle')
        : t(`doc.newTitle${['Http', 'Dubbo', 'Custom', 'Markdown'][type]}`);
  const saving = saveDoc.isPending;

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
      <DocFields form={form} type={type} tree={tree.data ?? []} onDirty={markDirty} />
      {!isText && (
        <ParamTabs
          form={form}
          type={type}
          url={url}
          params={params}
          update={update}
          onDirty={markDirty}
          initOrder={initOrder}
          dictionaries={(dicts.data ?? []).map((d) => ({ id: d.id, name: d.name }))}
          activeKey={activeTab ?? firstParamTab(type, initial.values.httpMethod)}
          onActiveKey={setActiveTab}
          loadedStatuses={params.loadedStatuses}
        />
      )}
    </div>
  );
}
