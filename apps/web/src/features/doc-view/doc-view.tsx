/** Placeholder for the reader's doc view (issue 3); its owner replaces this file, keeping the export name and props. */
export type DocViewSource =
  | { kind: 'user' }
  | { kind: 'share'; shareId: string; grant?: string }
  | { kind: 'compose'; showId: string; grant?: string };

export function DocView(_props: { docId: string; source?: DocViewSource }) {
  return null;
}
