/**
 * The request a code sample shows, built from the doc and the selected environment: the full URL, the
 * required query parameters and those with an example (sent as their style says), header examples, and the body as the example shows it
 * (JSON text, or form fields). The shape is HAR's request, which the snippet generators take.
 */
import { type DocParam, type ParamSerialization, styledQueryPairs } from '@folio/shared';
import { scalarExample } from './examples';

export interface SampleRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  queryString: { name: string; value: string }[];
  postData?: { mimeType: string; text?: string; params?: { name: string; value: string }[] };
}

const wanted = (p: DocParam) => !!p.name && (p.required === 1 || !!p.example);
const value = (p: DocParam) => {
  const v = scalarExample(p);
  return typeof v === 'string' ? v : JSON.stringify(v);
};

/** The sample request of an HTTP doc; `body` is the request example as shown (JSON text), '' when none. */
export function sampleRequest(
  doc: {
    httpMethod: string;
    url: string;
    contentType: string;
    queryParams: DocParam[];
    pathParams: DocParam[];
    paramStyles?: ParamSerialization[];
  },
  headers: DocParam[],
  requestParams: DocParam[],
  baseUrl: string,
  body: string,
): SampleRequest {
  // Path parameters with an example are filled in; the others stay as {name}.
  let path = doc.url;
  for (const p of doc.pathParams) if (p.example) path = path.split(`{${p.name}}`).join(encodeURIComponent(p.example));
  const url = `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') || !baseUrl ? '' : '/'}${path}`;
  const ct = doc.contentType || '';
  const req: SampleRequest = {
    method: (doc.httpMethod || 'GET').toUpperCase(),
    url,
    headers: headers.filter(wanted).map((p) => ({ name: p.name, value: value(p) })),
    // A query param is written as its spec sends it (style/explode), as the debug console sends it.
    queryString: doc.queryParams.filter(wanted).flatMap((p) => {
      const pairs = styledQueryPairs(
        p,
        doc.paramStyles?.find((s) => s.in === 'query' && s.name === p.name),
      );
      return pairs?.length ? pairs : [{ name: p.name, value: value(p) }];
    }),
  };
  const hasType = req.headers.some((h) => h.name.toLowerCase() === 'content-type');
  if (/x-www-form-urlencoded|multipart\/form-data/i.test(ct)) {
    const params = requestParams.filter(wanted).map((p) => ({ name: p.name, value: value(p) }));
    if (params.length) req.postData = { mimeType: ct.split(';')[0].trim(), params };
  } else if (body) {
    req.postData = { mimeType: /json|^$/i.test(ct) ? 'application/json' : ct.split(';')[0].trim(), text: body };
  }
  if (req.postData && !hasType) req.headers.push({ name: 'Content-Type', value: req.postData.mimeType });
  return req;
}
