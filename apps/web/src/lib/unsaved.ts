/** Tracks forms holding unsaved edits, so an expired session offers Re-Login in place instead of leaving. */
import { useEffect } from 'react';

const dirty = new Set<symbol>();
const startListeners = new Set<() => void>();

/** Calls `cb` whenever a form starts holding unsaved edits (the shell preloads its Re-Login dialog then). */
export function onEditsStart(cb: () => void): () => void {
  startListeners.add(cb);
  return () => startListeners.delete(cb);
}

/** True while any mounted form reports unsaved edits. */
export function hasUnsavedEdits(): boolean {
  return dirty.size > 0;
}

/** Marks the calling component's form as holding unsaved edits while `isDirty` is true. */
export function useUnsavedEdits(isDirty: boolean): void {
  useEffect(() => {
    if (!isDirty) return;
    const key = Symbol('form');
    dirty.add(key);
    for (const cb of startListeners) cb();
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      dirty.delete(key);
      window.removeEventListener('beforeunload', warn);
    };
  }, [isDirty]);
}
