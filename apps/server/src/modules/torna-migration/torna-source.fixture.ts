/**
 * Tests and benchmarks: a Torna database loaded from a dump (Torna's own mysql.sql of a release, or its demo
 * data) into a uniquely named MariaDB database, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';

export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const here = fileURLToPath(new URL('.', import.meta.url));
export const TORNA_FIXTURES = join(here, '../../../test/fixtures/torna');

export interface TornaDb {
  /** mysql://…/torna_src_xxxx */
  url: string;
  name: string;
  /** Runs SQL (several statements allowed) in the database. */
  exec(sqlText: string): Promise<void>;
  drop(): Promise<void>;
}

/** Creates a database and runs the dump (its CREATE DATABASE / USE lines left out) and any extra SQL in it. */
export async function createTornaDb(dumpFile: string | null, extra = ''): Promise<TornaDb> {
  const name = `torna_src_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection(MYSQL_URL);
  await admin.query(`create database ${name} character set utf8mb4`);
  await admin.end();
  const u = new URL(MYSQL_URL);
  u.pathname = `/${name}`;
  const conn = await mysql.createConnection({ uri: u.toString(), multipleStatements: true, charset: 'utf8mb4' });
  const exec = async (text: string) => {
    if (text.trim()) await conn.query(text);
  };
  try {
    if (dumpFile) {
      const dump = readFileSync(join(TORNA_FIXTURES, dumpFile), 'utf8')
        .split('\n')
        .filter((l) => !/^(CREATE DATABASE|USE )/i.test(l))
        .join('\n');
      await exec(dump);
    }
    await exec(extra);
  } catch (err) {
    await conn.end();
    await dropDb(name);
    throw err;
  }
  return {
    url: u.toString(),
    name,
    exec,
    async drop() {
      await conn.end();
      await dropDb(name);
    },
  };
}

async function dropDb(name: string): Promise<void> {
  const c = await mysql.createConnection(MYSQL_URL);
  await c.query(`drop database if exists ${name}`);
  await c.end();
}
