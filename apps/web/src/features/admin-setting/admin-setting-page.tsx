/** Placeholder for /admin/setting (issue 7); its owner replaces this file, keeping the export name and props. */

export function AdminSettingPage(_props: Record<string, never>) {
  return null;
}
