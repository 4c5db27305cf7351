/** Tests' way to run `folio <args>` in the test process and capture what it prints. */
import { io } from './lib.js';
import { main } from './main.js';

/** Runs `folio <args>`; returns the exit code and what it printed (progress off). */
export async function folio(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const saved = { ...io };
  io.out = (s) => {
    out += s;
  };
  io.err = (s) => {
    err += s;
  };
  io.tty = () => false;
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    Object.assign(io, saved);
  }
}
