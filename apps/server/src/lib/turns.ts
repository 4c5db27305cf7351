/** Event-loop turns for long synchronous work done in pieces (issue 20: no request waits behind a big push). */

/** A function to await between pieces: it gives the event loop a turn once 10 ms have passed since the last one. */
export function turnTaker(): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < 10) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}
