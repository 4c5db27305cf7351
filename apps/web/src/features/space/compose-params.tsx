/** A compose project's common params tab. */
import { Button, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ParamTable } from '../../components/param-table';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { type EditParam, fromDocParams, toDocParams } from '../../lib/param-tree';
import { ui } from '../../lib/ui';
import { type ComposeProject, useComposeParamsQuery, useSaveComposeParamsMutation } from '../compose/api';

/** A compose project's common headers, params and returns, saved together. */
export function ComposeParams({ project }: { project: ComposeProject }) {
  const { t } = useTranslation();
  const initOrder = useViewConfig().data?.initOrder ?? 10000;
  const { data } = useComposeParamsQuery(project.id);
  const save = useSaveComposeParamsMutation(project.id);
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
            await save.mutateAsync({
              globalHeaders: toDocParams(state.globalHeaders),
              globalParams: toDocParams(state.globalParams),
              globalReturns: toDocParams(state.globalReturns),
            });
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
