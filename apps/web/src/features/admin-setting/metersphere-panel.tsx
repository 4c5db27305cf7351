/**
 * MeterSphere target of one application (project, module, cover switch), send-now button and delivery
 * log. Used in /space/setting; the application settings page may render it too: <MeterSpherePanel moduleId=… />.
 */
import { formatDateTime } from '@folio/shared';
import { Alert, Button, Checkbox, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import {
  type MsNode,
  useMsLogQuery,
  useMsModulesQuery,
  useMsProjectsQuery,
  useMsPushMutation,
  useMsTargetQuery,
  useSaveMsTargetMutation,
} from './api';

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}

const toTree = (n: MsNode): TreeOption => ({
  value: n.id,
  title: n.name,
  children: n.children.map(toTree),
});

export function MeterSpherePanel({ moduleId }: { moduleId: string }) {
  const { t } = useTranslation();
  const target = useMsTargetQuery(moduleId);
  const log = useMsLogQuery(moduleId);
  const saveTarget = useSaveMsTargetMutation(moduleId);
  const pushNow = useMsPushMutation(moduleId);
  const ready = !!target.data?.enabled && !!target.data?.hasAccount;
  const projects = useMsProjectsQuery(moduleId, ready);
  const [projectId, setProjectId] = useState('');
  const [msModuleId, setMsModuleId] = useState('');
  const [cover, setCover] = useState(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (target.data) {
      setProjectId(target.data.msProjectId);
      setMsModuleId(target.data.msModuleId);
      setCover(target.data.msCoverModule === 1);
    }
  }, [target.data]);
  const modules = useMsModulesQuery(moduleId, projectId, ready && !!projectId);
  if (!target.data) return null;
  if (!target.data.enabled) return <Alert type="info" title={t('ms.disabled')} />;
  if (!target.data.hasAccount) return <Alert type="info" title={t('ms.noAccount')} />;

  const save = async () => {
    setBusy(true);
    try {
      await saveTarget.mutateAsync({ msProjectId: projectId, msModuleId, msCoverModule: cover ? 1 : 0 });
      ui.message?.success(t('admin.saved'));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  const push = async () => {
    setBusy(true);
    try {
      const r = await pushNow.mutateAsync();
      if (r.ok) ui.message?.success(t('ms.pushed', { 0: r.docs }));
      else ui.message?.error(r.error);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Space wrap>
        <Select
          placeholder={t('ms.project')}
          style={{ width: 220 }}
          value={projectId || undefined}
          loading={projects.isLoading}
          options={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          onChange={(v) => {
            setProjectId(v);
            setMsModuleId('');
          }}
        />
        <TreeSelect
          placeholder={t('ms.module')}
          style={{ width: 240 }}
          value={msModuleId || undefined}
          treeData={(modules.data ?? []).map(toTree)}
          treeDefaultExpandAll
          onChange={(v) => setMsModuleId(String(v ?? ''))}
        />
        <Checkbox checked={cover} onChange={(e) => setCover(e.target.checked)}>
          {t('ms.cover')}
        </Checkbox>
        <Button type="primary" onClick={save} loading={busy}>
          {t('common.save')}
        </Button>
        <Button onClick={push} loading={busy} disabled={!target.data.msModuleId}>
          {t('ms.pushNow')}
        </Button>
      </Space>
      <Table
        style={{ marginTop: 12 }}
        rowKey="id"
        size="small"
        pagination={false}
        title={() => t('ms.log')}
        dataSource={log.data ?? []}
        columns={[
          { title: t('admin.audit.time'), dataIndex: 'gmtCreate', width: 180, render: (v: number) => formatDateTime(v) },
          { title: '', dataIndex: 'trigger', width: 90 },
          {
            title: t('openuser.status'),
            dataIndex: 'state',
            width: 110,
            render: (v: string) => <Tag color={v === 'delivered' ? 'green' : 'red'}>{t(`ms.state.${v}`)}</Tag>,
          },
          { title: 'HTTP', dataIndex: 'responseStatus', width: 70 },
          { title: '', dataIndex: 'error', ellipsis: true },
        ]}
      />
    </div>
  );
}
