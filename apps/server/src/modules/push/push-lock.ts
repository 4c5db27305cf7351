/**
 * Serialises pushes per application inside this process: a FIFO promise chain per module id, so twenty
 * concurrent pushes to one application run one after another in arrival order (the last one's state
 * wins), while pushes to different applications run in parallel. Across server processes on one
 * PostgreSQL/MariaDB database the merge's row lock on the application does the same (push-merge.ts).
 */
const chains = new Map<number, Promise<unknown>>();

/** Runs fn once every earlier call for the same module has settled. */
export async function withModuleLock<T>(moduleId: number, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(moduleId) ?? Promise.resolve();
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const mine = prev.catch(() => undefined).then(() => gate);
  chains.set(moduleId, mine);
  try {
    await prev.catch(() => undefined);
    return await fn();
  } finally {
    release();
    if (chains.get(moduleId) === mine) chains.delete(moduleId);
  }
}
