/**
 * The Examples tab of the editor: the named examples per request body, response status and parameter, as the
 * reader sees them (a spec's own for an imported doc; any HTTP or Dubbo doc, body, status or parameter can be given some),
 * each tagged with its origin (from the imported spec, or written in Folio). Each can be renamed, its summary and payload edited (JSON in CodeMirror,
 * with the parser's message inline when it does not parse: such an example is not saved), removed, and new ones
 * added. Each is checked against the parameters being edited, as the preview checks it.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { json } from '@codemirror/lang-json';
import { type DocParam, type DocSpecExtras, isHttpStatus, type NamedExample } from '@folio/shared';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { Button, Collapse, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exampleLabel } from '../doc-view/example-block';
import { exampleFit, misfits } from '../doc-view/example-fit';
import {
  duplicateNames,
  type ExampleGroup,
  exampleGroups,
  isRpcAnswer,
  jsonProblem,
  newExample,
  withGroupExamples,
  withoutResponse,
} from './example-edits';

const valueExtensions = [json(), EditorView.lineWrapping];

/**
 * The heading of a group: "Request body", "Response 400", "Error code E1001", "Parameter page.size (query)"; a Dubbo method's answer
 * is "Response", without a status (`isRpcAnswer`).
 */
function useGroupTitle(groups: ExampleGroup[], rpc: boolean) {
  const { t } = useTranslation();
  return (g: ExampleGroup) =>
    g.ref.kind === 'request'
      ? t('doc.examples.request')
      : g.ref.kind === 'response'
        ? isRpcAnswer(groups, g, rpc)
          ? t('doc.examples.answer')
          : isHttpStatus(g.status ?? '')
            ? t('doc.examples.response', { 0: g.status })
            : t('doc.examples.errorCode', { 0: g.status })
        : t('doc.examples.param', { 0: g.in, 1: g.name });
}

export function ExamplesEditor({
  extras,
  onChange,
  requestParams,
  responseParams,
  hasBody,
  statuses,
  params = [],
  gone = [],
  rpc = false,
}: {
  extras: DocSpecExtras;
  onChange: (next: DocSpecExtras) => void;
  /** The body and response parameters as they are being edited (the examples are checked against them). */
  requestParams: DocParam[];
  responseParams: DocParam[];
  /** Whether the doc has a request body (its examples are listed even when it has none yet). */
  hasBody: boolean;
  /**
   * The doc's codes as being edited: each HTTP status has a group (a doc not imported with its responses lists one
   * each), so has each business code ("E1001").
   */
  statuses: string[];
  /** The top-level header, path and query parameters as being edited (each can be given named examples). */
  params?: { in: string; name: string; example?: string }[];
  /** Statuses whose HTTP-status code was deleted since the doc was loaded (their examples go on save). */
  gone?: string[];
  /** A Dubbo doc: its answer has no HTTP status. */
  rpc?: boolean;
}) {
  const { t } = useTranslation();
  const groups = useMemo(() => exampleGroups(extras, hasBody, statuses, params, gone), [extras, hasBody, statuses, params, gone]);
  const title = useGroupTitle(groups, rpc);
  if (!groups.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('doc.examples.none')} />;
  return (
    <div className="examples-editor" data-testid="examples-editor">
      <Typography.Paragraph type="secondary" className="examples-hint">
        {t('doc.specExamplesHint')}
      </Typography.Paragraph>
      {groups.map((g) => (
        <section key={g.key} className="example-group" data-testid="example-group" aria-label={title(g)}>
          <Flex align="baseline" gap={8} className="example-group-title">
            <Typography.Text strong>{title(g)}</Typography.Text>
            {g.description && (
              <Typography.Text type="secondary" ellipsis className="example-group-description">
                {g.description}
              </Typography.Text>
            )}
            {g.removable && g.status && (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('doc.examples.removeCode', { 0: g.status })}
                title={t('doc.examples.removeCode', { 0: g.status })}
                data-testid="example-group-remove"
                onClick={() => onChange(withoutResponse(extras, g.status ?? ''))}
              />
            )}
          </Flex>
          <GroupExamples
            group={g}
            params={g.fit === 'request' ? requestParams : g.fit === 'response' ? responseParams : g.fit}
            onChange={(examples) => onChange(withGroupExamples(extras, g.ref, examples))}
          />
        </section>
      ))}
    </div>
  );
}

/** The examples of one group, each a collapsed row that opens to its editor; a new one opens at once. */
function GroupExamples({
  group,
  params,
  onChange,
}: {
  group: ExampleGroup;
  params: DocParam[] | null;
  onChange: (next: NamedExample[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string[]>([]);
  const list = group.examples;
  const dup = duplicateNames(list);
  // Edited or added here: written in Folio (the server decides again on save).
  const set = (i: number, patch: Partial<NamedExample>) =>
    onChange(list.map((e, j) => (j === i ? { ...e, ...patch, origin: 'folio' as const } : e)));
  const items = list.map((e, i) => {
    const label = exampleLabel(e, i, (n) => t('view.doc.exampleN', { 0: n }));
    const problem = jsonProblem(e.value);
    return {
      key: String(i),
      label: (
        <Flex gap={8} align="center" wrap>
          <span className="example-name" data-testid="example-label">
            {label}
          </span>
          <Tag className="example-origin" color={e.origin === 'folio' ? 'green' : 'blue'} data-testid="example-origin">
            {e.origin === 'folio' ? t('doc.examples.originFolio') : t('doc.examples.originSpec')}
          </Tag>
          {problem !== null && <Tag color="error">{t('doc.examples.invalid')}</Tag>}
          {dup.has(i) && <Tag color="error">{t('doc.examples.duplicateName')}</Tag>}
          <Misfit value={e.value} params={params} />
        </Flex>
      ),
      extra: (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('doc.removeExample', { 0: label })}
          title={t('doc.removeExample', { 0: label })}
          onClick={(ev) => {
            ev.stopPropagation();
            setOpen([]);
            onChange(list.filter((_, j) => j !== i));
          }}
        />
      ),
      children: <ExampleFields example={e} label={label} problem={problem} duplicate={dup.has(i)} onChange={(patch) => set(i, patch)} />,
    };
  });
  return (
    <div data-testid="example-list">
      {items.length > 0 && <Collapse size="small" activeKey={open} onChange={(keys) => setOpen(keys as string[])} items={items} />}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        className="example-add"
        data-testid="example-add"
        onClick={() => {
          onChange([...list, { ...newExample(list, group.start), origin: 'folio' }]);
          setOpen([...open, String(list.length)]);
        }}
      >
        {t('doc.examples.add')}
      </Button>
    </div>
  );
}

/** Name, summary and payload of one example; the payload's JSON error shows under it. */
function ExampleFields({
  example,
  label,
  problem,
  duplicate,
  onChange,
}: {
  example: NamedExample;
  label: string;
  problem: string | null;
  duplicate: boolean;
  onChange: (patch: Partial<NamedExample>) => void;
}) {
  const { t } = useTranslation();
  const valueLabel = t('doc.examples.value', { 0: label });
  const extensions = useMemo(() => [...valueExtensions, EditorView.contentAttributes.of({ 'aria-label': valueLabel })], [valueLabel]);
  return (
    <div className="example-fields" data-testid="example-fields">
      <Flex gap={8} wrap>
        <Space.Compact size="small" style={{ maxWidth: 300 }}>
          <Space.Addon>{t('doc.examples.name')}</Space.Addon>
          <Input
            size="small"
            value={example.name}
            status={duplicate ? 'error' : undefined}
            aria-label={t('doc.examples.name')}
            onChange={(e) => onChange({ name: e.target.value })}
            data-testid="example-name"
          />
        </Space.Compact>
        <Space.Compact size="small" style={{ flex: 1, minWidth: 240 }}>
          <Space.Addon>{t('doc.examples.summary')}</Space.Addon>
          <Input
            size="small"
            value={example.summary}
            aria-label={t('doc.examples.summary')}
            onChange={(e) => onChange({ summary: e.target.value })}
            data-testid="example-summary"
          />
        </Space.Compact>
      </Flex>
      <div className={`example-value${problem !== null ? ' has-error' : ''}`} data-testid="example-value">
        <CodeMirror
          value={example.value}
          minHeight="80px"
          maxHeight="320px"
          extensions={extensions}
          basicSetup={{ foldGutter: true }}
          onChange={(value) => onChange({ value })}
        />
      </div>
      {problem !== null && (
        <div className="form-error" role="alert" data-testid="example-error">
          {t('doc.examples.invalidJson', { 0: problem })}
        </div>
      )}
      {duplicate && <div className="form-error">{t('doc.examples.duplicateNameHint')}</div>}
    </div>
  );
}

/** Where an example no longer matches the parameters being edited (unknown fields, missing required ones). */
function Misfit({ value, params }: { value: string; params: DocParam[] | null }) {
  const { t } = useTranslation();
  const fit = useMemo(() => (params ? exampleFit(value, params) : null), [value, params]);
  if (!misfits(fit)) return null;
  return (
    <span className="example-misfit" data-testid="example-misfit">
      {[
        fit.unknown.length ? t('view.doc.misfitUnknown', { 0: fit.unknown.slice(0, 5).join(', ') }) : '',
        fit.missing.length ? t('view.doc.misfitMissing', { 0: fit.missing.slice(0, 5).join(', ') }) : '',
      ]
        .filter(Boolean)
        .join('; ')}
    </span>
  );
}
