/**
 * The reader's view of a doc shared by the Markdown, HTML and Word exports: labelled parameter tables
 * flattened with a depth per row (nesting shown by indentation), the full URL, and the error codes.
 */
import { type DocDetail, type DocParam, DocType, deprecationReason, isDeprecated } from '@folio/shared';
import { wrapResponse } from '../docs/param-input.js';
import type { ExportEnv } from './export-scope.js';

export interface RowView {
  depth: number;
  name: string;
  type: string;
  required: boolean;
  maxLength: string;
  example: string;
  /** As written (Markdown and inline HTML); each format renders it. */
  description: string;
  /** The dictionary's values as plain text ("Enum: a (A), b"), or ''. */
  enums: string;
}

export interface SectionView {
  key: 'header' | 'path' | 'query' | 'request' | 'response';
  title: string;
  rows: RowView[];
}

export interface DocView {
  name: string;
  method: string;
  url: string;
  contentType: string;
  deprecated: boolean;
  /** The reason given, '' when the text only says "deprecated" (smart-doc's `Deprecated`, an importer's 已废弃). */
  deprecationReason: string;
  /** As written (Markdown and inline HTML); each format renders it. */
  description: string;
  isMarkdown: boolean;
  author: string;
  sections: SectionView[];
  codes: { code: string; msg: string; solution: string }[];
}

const LABELS: Record<string, Record<string, string>> = {
  en: {
    header: 'Request headers',
    path: 'Path parameters',
    query: 'Query parameters',
    request: 'Request body',
    response: 'Response',
    name: 'Name',
    type: 'Type',
    required: 'Required',
    maxLength: 'Max length',
    example: 'Example',
    description: 'Description',
    codes: 'Error codes',
    code: 'Code',
    msg: 'Message',
    solution: 'Solution',
    yes: 'yes',
    no: 'no',
    url: 'URL',
    contentType: 'Content type',
    deprecated: 'Deprecated',
    author: 'Author',
    responseExample: 'Response example',
    enum: 'Enum',
    search: 'Search',
  },
  'zh-CN': {
    header: '请求头',
    path: '路径参数',
    query: 'Query参数',
    request: '请求参数',
    response: '响应参数',
    name: '名称',
    type: '类型',
    required: '必填',
    maxLength: '最大长度',
    example: '示例值',
    description: '描述',
    codes: '错误码',
    code: '错误码',
    msg: '错误描述',
    solution: '解决方案',
    yes: '是',
    no: '否',
    url: '接口地址',
    contentType: 'ContentType',
    deprecated: '已废弃',
    author: '维护人',
    responseExample: '响应示例',
    enum: '枚举',
    search: '搜索',
  },
};

/** Labels of the export in a language (zh-CN or en). */
export const labels = (lang: string) => LABELS[lang] ?? LABELS.en;

function flatten(ps: DocParam[], depth: number, out: RowView[], enumLabel: string): RowView[] {
  for (const p of ps) {
    const en = p.enumInfo?.items?.length
      ? `${enumLabel}: ${p.enumInfo.items.map((i) => (i.description ? `${i.value} (${i.description})` : i.value)).join(', ')}`
      : '';
    out.push({
      depth,
      name: p.name,
      type: p.type,
      required: p.required === 1,
      maxLength: p.maxLength ?? '',
      example: p.example ?? '',
      description: p.description ?? '',
      enums: en,
    });
    if (p.children?.length) flatten(p.children, depth + 1, out, enumLabel);
  }
  return out;
}

/** Base URL + doc URL (the environment's, when one was chosen). */
export function fullUrl(d: Pick<DocDetail, 'url'>, env: ExportEnv | null): string {
  if (!env?.url) return d.url;
  return `${env.url.replace(/\/+$/, '')}${d.url.startsWith('/') ? '' : '/'}${d.url}`;
}

/** Builds the reader's view of a doc. */
export function docView(d: DocDetail, env: ExportEnv | null, lang: string, commonReturns: DocParam[] = []): DocView {
  const L = labels(lang);
  const response = d.isUseGlobalReturns ? wrapResponse(commonReturns, d.responseParams) : d.responseParams;
  const sections: SectionView[] = [
    { key: 'header', title: L.header, rows: flatten(d.headerParams, 0, [], L.enum) },
    { key: 'path', title: L.path, rows: flatten(d.pathParams, 0, [], L.enum) },
    { key: 'query', title: L.query, rows: flatten(d.queryParams, 0, [], L.enum) },
    { key: 'request', title: L.request, rows: flatten(d.requestParams, 0, [], L.enum) },
    { key: 'response', title: L.response, rows: flatten(response, 0, [], L.enum) },
  ];
  return {
    name: d.name,
    method: d.httpMethod,
    url: fullUrl(d, env),
    contentType: d.contentType,
    deprecated: isDeprecated(d.deprecated),
    deprecationReason: deprecationReason(d.deprecated),
    description: d.description,
    isMarkdown: d.type === DocType.MARKDOWN || d.type === DocType.CUSTOM,
    author: d.author,
    sections: sections.filter((s) => s.rows.length),
    codes: d.errorCodeParams,
  };
}
