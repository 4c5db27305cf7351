/**
 * Tree revisions: one counter per application, bumped by the database itself (triggers on `docs`) in the
 * transaction of every insert, update or delete of a doc or folder, whichever code or tool wrote it. A tree
 * answer is validated against these counters on every read (modules/docs/tree-answers.ts), so any server
 * sees a committed write at its next read.
 *
 * MySQL/MariaDB with binary logging refuse CREATE TRIGGER to an account without SUPER unless
 * `log_bin_trust_function_creators` is on: then the triggers are left out with a warning, and the server
 * builds every tree afresh (it checks that the triggers exist before it keeps any tree answer).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../config.js';
import { createTable } from '../schema-dsl.js';

/** The statement that bumps the counter of the application `moduleIdExpr` (e.g. `new.module_id`). */
function bump(dialect: Dialect, moduleIdExpr: string): string {
  if (dialect === 'mysql') {
    return `insert into tree_revisions (module_id, rev) values (${moduleIdExpr}, 1) on duplicate key update rev = rev + 1`;
  }
  return `insert into tree_revisions (module_id, rev) values (${moduleIdExpr}, 1) on conflict (module_id) do update set rev = tree_revisions.rev + 1`;
}

export const TREE_TRIGGERS = ['docs_tree_rev_ins', 'docs_tree_rev_upd', 'docs_tree_rev_del'];

async function createTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (dialect === 'sqlite') {
    // Insert the row if missing, then count up. No conflict clause: inside a trigger SQLite applies the outer
    // statement's conflict handling instead (an upsert on docs would turn OR IGNORE into an abort).
    const sqliteBump = (expr: string) =>
      `insert into tree_revisions (module_id, rev) select ${expr}, 0 where not exists (select 1 from tree_revisions where module_id = ${expr}); update tree_revisions set rev = rev + 1 where module_id = ${expr};`;
    await run(`create trigger docs_tree_rev_ins after insert on docs begin ${sqliteBump('new.module_id')} end`);
    await run(
      `create trigger docs_tree_rev_upd after update on docs begin ${sqliteBump('new.module_id')} ${sqliteBump('old.module_id')} end`,
    );
    await run(`create trigger docs_tree_rev_del after delete on docs begin ${sqliteBump('old.module_id')} end`);
    return;
  }
  if (dialect === 'postgres') {
    // Statement-level triggers over the transition tables: one upsert per statement, however many rows.
    const upsert = (from: string) =>
      `insert into tree_revisions (module_id, rev) select distinct module_id, 1 from ${from} on conflict (module_id) do update set rev = tree_revisions.rev + 1`;
    await run(`create or replace function folio_tree_rev_ins() returns trigger language plpgsql as $$
      begin ${upsert('new_rows')}; return null; end $$`);
    await run(`create or replace function folio_tree_rev_upd() returns trigger language plpgsql as $$
      begin ${upsert('(select module_id from new_rows union select module_id from old_rows) m')}; return null; end $$`);
    await run(`create or replace function folio_tree_rev_del() returns trigger language plpgsql as $$
      begin ${upsert('old_rows')}; return null; end $$`);
    await run(
      'create trigger docs_tree_rev_ins after insert on docs referencing new table as new_rows for each statement execute function folio_tree_rev_ins()',
    );
    await run(
      'create trigger docs_tree_rev_upd after update on docs referencing old table as old_rows new table as new_rows for each statement execute function folio_tree_rev_upd()',
    );
    await run(
      'create trigger docs_tree_rev_del after delete on docs referencing old table as old_rows for each statement execute function folio_tree_rev_del()',
    );
    return;
  }
  try {
    await run(`create trigger docs_tree_rev_ins after insert on docs for each row ${bump(dialect, 'new.module_id')}`);
    await run(`create trigger docs_tree_rev_upd after update on docs for each row begin
      ${bump(dialect, 'new.module_id')};
      if old.module_id <> new.module_id then ${bump(dialect, 'old.module_id')}; end if;
    end`);
    await run(`create trigger docs_tree_rev_del after delete on docs for each row ${bump(dialect, 'old.module_id')}`);
  } catch (e) {
    // 1419: binary logging on and no SUPER; 1142/1227: no TRIGGER privilege. Trees are then built per read.
    const errno = (e as { errno?: number }).errno;
    if (errno !== 1419 && errno !== 1142 && errno !== 1227) throw e;
    for (const t of TREE_TRIGGERS) await run(`drop trigger if exists ${t}`);
    console.warn(
      `folio: tree triggers not created (${(e as Error).message}); every tree is built on each read. Set log_bin_trust_function_creators=1 or grant TRIGGER/SUPER, then run "folio db migrate" on a fresh install to use them.`,
    );
  }
}

/** Builds the migration for a dialect. */
export function createTreeRevisionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTable(db, dialect, 'treeRevisions', { moduleId: 'int', rev: 'bigint' });
      // SQLite cannot add a primary key to an existing table: a unique index does the same job for the upsert.
      await sql
        .raw(
          dialect === 'sqlite'
            ? 'create unique index uq_tree_revisions_module_id on tree_revisions (module_id)'
            : 'alter table tree_revisions add primary key (module_id)',
        )
        .execute(db);
      await createTriggers(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      for (const t of TREE_TRIGGERS) {
        await sql.raw(dialect === 'postgres' ? `drop trigger if exists ${t} on docs` : `drop trigger if exists ${t}`).execute(db);
      }
      if (dialect === 'postgres') {
        for (const f of ['ins', 'upd', 'del']) await sql.raw(`drop function if exists folio_tree_rev_${f}()`).execute(db);
      }
      await db.schema.dropTable('tree_revisions').execute();
    },
  };
}
