/**
 * The tab bar of visited docs (spec §2 "Doc tabs", §4 "Tab list operations"): add, remove (only when more
 * than one is open), remove others / left / right / all, drag to reorder. Only /view, /share and /show paths
 * are recorded. Pure functions; the layout keeps the list in session storage.
 */
export interface DocTab {
  path: string;
  title: string;
}

/** True for paths whose visits become tabs. */
export function isRecordable(path: string): boolean {
  return /^\/(view|share|show)(\/|$)/.test(path);
}

/** Adds a tab for a path (or renames it when already open). */
export function addTab(tabs: DocTab[], tab: DocTab): DocTab[] {
  if (!isRecordable(tab.path)) return tabs;
  const i = tabs.findIndex((t) => t.path === tab.path);
  if (i < 0) return [...tabs, tab];
  if (tabs[i].title === tab.title || !tab.title) return tabs;
  return tabs.map((t, k) => (k === i ? { ...t, title: tab.title } : t));
}

/** Closes one tab; refused (same list) when it is the only one open. */
export function removeTab(tabs: DocTab[], path: string): DocTab[] {
  if (tabs.length <= 1) return tabs;
  return tabs.filter((t) => t.path !== path);
}

export function removeOthers(tabs: DocTab[], path: string): DocTab[] {
  return tabs.filter((t) => t.path === path);
}

export function removeLeft(tabs: DocTab[], path: string): DocTab[] {
  const i = tabs.findIndex((t) => t.path === path);
  return i < 0 ? tabs : tabs.slice(i);
}

export function removeRight(tabs: DocTab[], path: string): DocTab[] {
  const i = tabs.findIndex((t) => t.path === path);
  return i < 0 ? tabs : tabs.slice(0, i + 1);
}

/** Moves the tab at `from` to position `to`. */
export function moveTab(tabs: DocTab[], from: number, to: number): DocTab[] {
  if (from === to || from < 0 || to < 0 || from >= tabs.length || to >= tabs.length) return tabs;
  const next = [...tabs];
  const [t] = next.splice(from, 1);
  next.splice(to, 0, t);
  return next;
}

/** The path to show after closing `path` while `active` is shown: a neighbour when the active tab closed. */
export function nextActive(before: DocTab[], after: DocTab[], active: string): string | null {
  if (after.some((t) => t.path === active)) return active;
  if (!after.length) return null;
  const i = before.findIndex((t) => t.path === active);
  return after[Math.min(Math.max(i, 0), after.length - 1)].path;
}
