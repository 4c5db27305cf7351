/**
 * Dedicated worker that runs debug scripts away from the page: no DOM, no localStorage (so no Folio token),
 * a fresh realm per run (the console terminates it afterwards).
 */

import { scriptLib } from './script-lib';
import { runScript, type ScriptInput } from './script-runner';

interface Job {
  code: string;
  input: ScriptInput;
}

self.onmessage = async (e: MessageEvent<Job>) => {
  const out = await runScript(e.data.code, e.data.input, scriptLib());
  try {
    self.postMessage(out);
  } catch {
    // Something uncloneable (a function, a class instance) in what the script left: send its JSON form.
    self.postMessage(JSON.parse(JSON.stringify(out)));
  }
};
