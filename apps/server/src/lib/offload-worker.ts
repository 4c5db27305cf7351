/** The entry of offload.ts's worker threads: runs the one task named in workerData and posts its outcome. */
import { parentPort, workerData } from 'node:worker_threads';
import { yamlOfJson } from '../modules/exports/yaml-text.js';
import { parseToPieces } from '../modules/imports/spec-text.js';
import { prepareBody } from '../modules/push/push-prepare.js';

const tasks = {
  /** A big open-API body: its envelope, and a doc.push payload written to its file. */
  'push.prepare': prepareBody,
  /** A big import source parsed (and checked), cut into JSON pieces. */
  'spec.parse': parseToPieces,
  /** A big OpenAPI export's YAML text, from its JSON text. */
  'yaml.fromJson': yamlOfJson,
};

/** The tasks a worker can run, by name. */
export type OffloadTasks = typeof tasks;

if (parentPort && workerData?.task) {
  const { task, input } = workerData as { task: keyof OffloadTasks; input: never };
  try {
    parentPort.postMessage({ ok: true, result: await tasks[task](input) });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
}
