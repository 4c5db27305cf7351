#!/usr/bin/env node
// The `folio` command. From a clone (sources and tsx present) it runs the TypeScript sources through tsx, so
// it is never stale and needs no build; in an installation without dev tools (the container image) it runs
// the bundle built by `npm run build` (dist/cli/main.js).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'src', 'cli', 'main.ts');
const built = join(root, 'dist', 'cli', 'main.js');

function tsxAvailable() {
  try {
    createRequire(import.meta.url).resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

let entry;
if (existsSync(source) && tsxAvailable()) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = source;
} else if (existsSync(built)) {
  entry = built;
} else {
  console.error('folio: neither the sources with tsx (run `npm install`) nor a build (run `npm run build`) was found');
  process.exit(1);
}
const { main } = await import(pathToFileURL(entry).href);
process.exitCode = await main(process.argv.slice(2));
