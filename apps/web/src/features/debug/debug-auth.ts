/**
 * The debug console's credentials: the doc's security (its first alternative) as header, query or cookie rows
 * whose values are `{{variable}}` placeholders named after the scheme (the names the Postman export uses), so
 * a script variable fills them; a header or parameter the environment or the doc already sends is left to it.
 */
import type { DocAuth, DocAuthScheme } from '@folio/shared';
import { type Row, row } from './debug-request';

/** The placeholder variable of a scheme: `{{bearerAuth}}`. */
export const authVar = (scheme: string) => `{{${scheme.replace(/[^\w-]/g, '_')}}}`;

function rowsOf(s: DocAuthScheme): { header: [string, string][]; query: [string, string][] } {
  const v = authVar(s.name);
  if (s.type === 'apiKey' && s.paramName) {
    if (s.in === 'query') return { header: [], query: [[s.paramName, v]] };
    if (s.in === 'cookie') return { header: [['Cookie', `${s.paramName}=${v}`]], query: [] };
    return { header: [[s.paramName, v]], query: [] };
  }
  if (s.type === 'http' && s.scheme === 'basic') return { header: [['Authorization', `Basic ${v}`]], query: [] };
  if (s.type === 'http' && s.scheme && s.scheme !== 'bearer') return { header: [['Authorization', `${s.scheme} ${v}`]], query: [] };
  if (s.type === 'http' || s.type === 'oauth2' || s.type === 'openIdConnect')
    return { header: [['Authorization', `Bearer ${v}`]], query: [] };
  return { header: [], query: [] };
}

/**
 * Header and query rows with the doc's credentials put in. A credential row is left out where another row
 * sends the same header (any case) or query parameter (an environment's, the doc's); one already there (and
 * perhaps filled in by the user) is kept while nothing else sends it.
 */
export function withAuthRows(
  auth: DocAuth | null | undefined,
  headerRows: Row[],
  queryRows: Row[],
): { headerRows: Row[]; queryRows: Row[] } {
  const first = auth?.find((a) => a.length) ?? [];
  const wanted = first.map(rowsOf);
  const put = (rows: Row[], want: [string, string][], key: (name: string) => string): Row[] => {
    const sent = new Set(rows.filter((r) => r.origin !== 'auth' && r.name).map((r) => key(r.name)));
    const kept = rows.filter((r) => r.origin !== 'auth' || !sent.has(key(r.name)));
    const have = new Set(kept.filter((r) => r.name).map((r) => key(r.name)));
    const added: Row[] = [];
    for (const [name, value] of want) {
      if (have.has(key(name))) continue;
      have.add(key(name));
      added.push({ ...row(name, value), origin: 'auth' });
    }
    return [...kept, ...added];
  };
  return {
    headerRows: put(
      headerRows,
      wanted.flatMap((w) => w.header),
      (n) => n.toLowerCase(),
    ),
    queryRows: put(
      queryRows,
      wanted.flatMap((w) => w.query),
      (n) => n,
    ),
  };
}
