#!/usr/bin/env node
// `npm start`'s first step: builds only when no build exists for the current sources. The build's stamp
// (apps/server/dist/.build-stamp) holds a hash of every source file the build reads, the lockfile and the
// Node major version; when it matches and both outputs exist, the server starts at once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const stampFile = join(root, 'apps/server/dist/.build-stamp');
const outputs = ['apps/server/dist/main.js', 'apps/server/dist/cli/main.js', 'apps/web/dist/index.html'];
const inputs = [
  'package-lock.json',
  'packages/shared/src',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
];

/** The files of an input (a file, or a directory's files recursively, tests left out), sorted. */
function files(full) {
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
}

function sourceHash() {
  const h = createHash('sha256');
  h.update(`node${process.versions.node.split('.')[0]}\n`);
  for (const input of inputs) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    for (const f of files(full)) {
      h.update(`${relative(root, f)}\n`);
      h.update(readFileSync(f));
    }
  }
  return h.digest('hex');
}

const hash = sourceHash();
// `--stamp`: called at the end of `npm run build`, records that the build matches the sources.
if (process.argv.includes('--stamp')) {
  writeFileSync(stampFile, `${hash}\n`);
  process.exit(0);
}
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (current === hash && outputs.every((o) => existsSync(join(root, o)))) process.exit(0);
console.log(current ? 'sources changed since the last build: building…' : 'no build yet: building (about a minute, once)…');
const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(r.status ?? 1);
