/**
 * The editor's tables: header, path and query parameters (HTTP), the body and the response with their flags
 * (common headers/params/returns, body is an array), error codes, and the named examples (examples-editor.tsx):
 * a spec's own for an imported doc, and those written here for any HTTP doc.
 */
import { DocType } from '@folio/shared';
import { Alert, Badge, Card, Flex, Form, type FormInstance, Tabs } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ParamTable } from '../../components/param-table';
import { countParams, type EditParam, toDocParams } from '../../lib/param-tree';
import { type DocFormValues, type DocParamsState, missingPathParams } from './doc-form';
import { ErrorCodeTable } from './error-code-table';
import { ExamplesEditor } from './examples-editor';
import { ArrayFlag, exampleCount, FlagCheckbox, TabLabel } from './param-tab-parts';

/** Methods whose requests carry no body (the Examples tab lists no request body for them unless it has parameters). */
const NO_BODY = ['GET', 'HEAD', 'DELETE', 'OPTIONS'];

/** The tab a doc opens on: query parameters for methods without a body, else the body. */
export const firstParamTab = (type: number, httpMethod: string) =>
  type === DocType.HTTP && ['GET', 'HEAD', 'DELETE'].includes(httpMethod) ? 'queryParams' : 'requestParams';

export function ParamTabs({
  form,
  type,
  url,
  params,
  update,
  onDirty,
  initOrder,
  dictionaries: dictOptions,
  activeKey,
  onActiveKey,
  loadedStatuses = [],
}: {
  form: FormInstance<DocFormValues>;
  type: number;
  url: string;
  params: DocParamsState;
  /** Changes some of the tables (and marks the editor dirty). */
  update: (patch: Partial<DocParamsState>) => void;
  onDirty: () => void;
  initOrder: number;
  dictionaries: { id: string; name: string }[];
  activeKey: string;
  onActiveKey: (key: string) => void;
  /** The codes the doc had when loaded (one deleted since takes its examples along on save). */
  loadedStatuses?: string[];
}) {
  const { t } = useTranslation();
  const isHttp = type === DocType.HTTP;
  const missing = isHttp ? missingPathParams(url, params.pathParams) : [];
  const specExtras = params.specExtras;
  const requestDocParams = useMemo(() => toDocParams(params.requestParams), [params.requestParams]);
  const responseDocParams = useMemo(() => toDocParams(params.responseParams), [params.responseParams]);
  const httpMethod: string = Form.useWatch('httpMethod', { form, preserve: true }) ?? 'GET';
  // The codes as being edited: an HTTP status is a response group of the Examples tab, a business code one too.
  const codes = useMemo(() => params.errorCodeParams.map((e) => e.code.trim()).filter(Boolean), [params.errorCodeParams]);
  const gone = useMemo(() => loadedStatuses.filter((s) => !codes.includes(s)), [loadedStatuses, codes]);
  // The top-level header, path and query parameters: each can be given named examples.
  const exampleParams = useMemo(
    () =>
      (
        [
          ['header', params.headerParams],
          ['path', params.pathParams],
          ['query', params.queryParams],
        ] as const
      ).flatMap(([where, list]) => list.map((p) => ({ in: where, name: p.name.trim(), example: p.example ?? '' }))),
    [params.headerParams, params.pathParams, params.queryParams],
  );
  const setP = (k: keyof DocParamsState) => (v: EditParam[] | DocParamsState['errorCodeParams']) => update({ [k]: v });
  const tab = (key: keyof DocParamsState, label: string) => ({
    key,
    label: (
      <TabLabel label={label} count={key === 'errorCodeParams' ? params.errorCodeParams.length : countParams(params[key] as EditParam[])} />
    ),
  });
  return (
    <Card size="small" className="editor-card">
      {missing.length > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('doc.missingPathParams', { 0: missing.join(', ') })} />
      )}
      <Tabs
        activeKey={activeKey}
        onChange={onActiveKey}
        items={[
          ...(isHttp
            ? [
                {
                  ...tab('headerParams', t('doc.headerParams')),
                  children: (
                    <>
                      <FlagCheckbox form={form} flag="isUseGlobalHeaders" label={t('doc.useCommonHeaders')} onChange={onDirty} />
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
                      <FlagCheckbox form={form} flag="isUseGlobalParams" label={t('doc.useCommonParams')} onChange={onDirty} />
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
                  onChange={onDirty}
                />
                <ParamTable
                  kind="request"
                  value={params.requestParams}
                  onChange={setP('requestParams')}
                  initOrder={initOrder}
                  dictionaries={dictOptions}
                  testId="request-params"
                />
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
                    onChange={onDirty}
                  />
                  <FlagCheckbox form={form} flag="isUseGlobalReturns" label={t('doc.useCommonReturns')} onChange={onDirty} />
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
          ...(specExtras || isHttp || type === DocType.DUBBO
            ? [
                {
                  key: 'examples',
                  label: (
                    <span data-testid="examples-tab">
                      {t('doc.examples.tab')} <Badge count={exampleCount(specExtras ?? {})} size="small" color="#8c8c8c" />
                    </span>
                  ),
                  children: (
                    <ExamplesEditor
                      extras={specExtras ?? {}}
                      onChange={(next) => update({ specExtras: next })}
                      requestParams={requestDocParams}
                      responseParams={responseDocParams}
                      hasBody={requestDocParams.length > 0 || !isHttp || !NO_BODY.includes(httpMethod)}
                      statuses={codes}
                      params={isHttp ? exampleParams : []}
                      gone={gone}
                      rpc={type === DocType.DUBBO}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
