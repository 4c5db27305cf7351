/**
 * A tiny portable table DSL over Kysely's schema builder: one column vocabulary that maps to
 * SQLite, PostgreSQL and MySQL/MariaDB types, so migrations stay dialect-neutral.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../config.js';

/** Column kinds: id (auto-increment pk), int, bigint (epoch ms), flag (0/1), str:N (varchar N), text, longtext. */
export type ColKind = 'id' | 'int' | 'bigint' | 'flag' | `str:${number}` | 'text' | 'longtext';

export interface ColSpec {
  kind: ColKind;
  nullable?: boolean;
  default?: string | number;
}

export type TableSpec = Record<string, ColKind | ColSpec>;

function snake(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Creates a table from a spec of camelCase column names. */
export async function createTable(db: Kysely<unknown>, dialect: Dialect, table: string, spec: TableSpec): Promise<void> {
  let b = db.schema.createTable(snake(table));
  for (const [name, raw] of Object.entries(spec)) {
    const col: ColSpec = typeof raw === 'string' ? { kind: raw } : raw;
    const column = snake(name);
    if (col.kind === 'id') {
      if (dialect === 'postgres') b = b.addColumn(column, 'serial', (c) => c.primaryKey());
      else b = b.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
      continue;
    }
    const isText = col.kind === 'text' || col.kind === 'longtext';
    let type: string;
    if (col.kind === 'int') type = 'integer';
    else if (col.kind === 'bigint') type = 'bigint';
    else if (col.kind === 'flag') type = 'smallint';
    else if (col.kind.startsWith('str:')) type = `varchar(${col.kind.slice(4)})`;
    else if (dialect === 'mysql') type = col.kind === 'longtext' ? 'longtext' : 'mediumtext';
    else type = 'text';
    b = b.addColumn(column, sql.raw(type), (c) => {
      let cc = col.nullable ? c : c.notNull();
      let dflt = col.default;
      if (dflt === undefined && !col.nullable) {
        if (col.kind === 'int' || col.kind === 'flag' || col.kind === 'bigint') dflt = 0;
        else dflt = '';
      }
      if (dflt !== undefined) {
        if (isText && dialect === 'mysql') cc = cc.defaultTo(sql.raw(`('${String(dflt).replace(/'/g, "''")}')`));
        else cc = cc.defaultTo(dflt);
      }
      return cc;
    });
  }
  if (dialect === 'mysql') b = b.modifyEnd(sql.raw(' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin'));
  await b.execute();
}

/** Creates an index (unique or not) over camelCase columns. */
export async function createIndex(db: Kysely<unknown>, table: string, columns: string[], unique = false): Promise<void> {
  const t = snake(table);
  const cols = columns.map(snake);
  const name = `${unique ? 'uk' : 'idx'}_${t}_${cols.join('_')}`.slice(0, 60);
  let b = db.schema.createIndex(name).on(t).columns(cols);
  if (unique) b = b.unique();
  await b.execute();
}
