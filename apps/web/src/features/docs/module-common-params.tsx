/** An application's common headers, request params and returns (ParamStyle), shown in every doc of it. */
import { ParamStyle } from '@folio/shared';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ParamTable } from '../../components/param-table';
import { useViewConfig } from '../../lib/config';
import { showError } from '../../lib/errors';
import { type EditParam, fromDocParams, invalidNames, toDocParams } from '../../lib/param-tree';
import { ui } from '../../lib/ui';
import { useUnsavedEdits } from '../../lib/unsaved';
import { useCommonParamsQuery, useSaveCommonParamsMutation } from '../application/api';

/** One common list of an application (headers, request params or returns), edited as a table and saved whole. */
export function CommonParams({ moduleId, style, canEdit }: { moduleId: string; style: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const initOrder = useViewConfig().data?.initOrder ?? 10000;
  const { data, isLoading } = useCommonParamsQuery(moduleId, style);
  const save = useSaveCommonParamsMutation(moduleId, style);
  const [rows, setRows] = useState<EditParam[] | null>(null);
  useUnsavedEdits(rows !== null);
  const [base, setBase] = useState<EditParam[]>([]);
  useEffect(() => setBase(fromDocParams(data)), [data]);
  if (isLoading) return <Skeleton active />;
  const kind = style === ParamStyle.HEADER ? 'header' : style === ParamStyle.RESPONSE ? 'response' : 'request';
  return (
    <>
      {style === ParamStyle.RESPONSE && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('module.dataNodeHint')} />}
      <ParamTable kind={kind} value={rows ?? base} onChange={setRows} initOrder={initOrder} readOnly={!canEdit} />
      {canEdit && (
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          disabled={rows === null}
          onClick={async () => {
            const list = rows ?? base;
            if (invalidNames(list).length) {
              ui.message?.error(t('param.nameFormat'));
              return;
            }
            try {
              await save.mutateAsync(toDocParams(list));
              setRows(null);
              ui.message?.success(t('common.saved'));
            } catch (e) {
              showError(e);
            }
          }}
        >
          {t('common.save')}
        </Button>
      )}
    </>
  );
}
