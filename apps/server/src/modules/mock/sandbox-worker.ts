/** Worker-thread entry of the mock sandbox pool: loads QuickJS, says it is ready, then runs each script it is sent. */
import { parentPort } from 'node:worker_threads';
import { loadQuickJS, type MockRequestData, runMockScript, type SandboxLimits } from './mock-sandbox.js';

interface Job {
  id: number;
  script: string;
  req: MockRequestData;
  limits: SandboxLimits;
}

parentPort?.on('message', async (job: Job) => {
  const result = await runMockScript(job.script, job.req, job.limits);
  parentPort?.postMessage({ id: job.id, result });
});

await loadQuickJS();
parentPort?.postMessage({ ready: true });
