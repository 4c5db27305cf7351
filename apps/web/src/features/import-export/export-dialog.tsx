/** Placeholder for the export dialog (issue 5); its owner replaces this file, keeping the export name and props. */

export function ExportDialog(_props: {
  open: boolean;
  scope: { docIds?: string[]; folderId?: string; moduleId?: string; projectId?: string };
  onClose: () => void;
}) {
  return null;
}
