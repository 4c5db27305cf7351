/** Placeholder for doc change history with compare and restore (issue 4); its owner replaces this file, keeping the export name and props. */

export function HistoryPanel(_props: { docId: string }) {
  return null;
}
