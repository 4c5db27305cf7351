/** Placeholder for the import dialog (issue 5); its owner replaces this file, keeping the export name and props. */

export function ImportDialog(_props: { open: boolean; projectId: string; moduleId?: string; onClose: (moduleId?: string) => void }) {
  return null;
}
