/** For every e2e test: when it fails, print what the running servers saw (see failureReports in harness.ts). */
import { beforeEach } from 'vitest';
import { failureReports } from './harness.js';

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    for (const r of failureReports()) console.log(r);
  });
});
