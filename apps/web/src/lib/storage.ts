/** Small typed wrappers over localStorage (UI state that survives reloads). */

/** Reads a JSON value, or the fallback when absent or unreadable. */
export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

/** Writes a JSON value (ignored when storage is unavailable). */
export function writeLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled */
  }
}

/** The last application opened in a project (spec §3: project config stored locally, including moduleId). */
export function lastModuleOf(projectId: string): string {
  return readLocal<Record<string, { moduleId?: string }>>('folio.projectConfig', {})[projectId]?.moduleId ?? '';
}

/** Remembers the last application opened in a project. */
export function rememberModule(projectId: string, moduleId: string): void {
  const all = readLocal<Record<string, { moduleId?: string }>>('folio.projectConfig', {});
  all[projectId] = { ...(all[projectId] ?? {}), moduleId };
  writeLocal('folio.projectConfig', all);
}
