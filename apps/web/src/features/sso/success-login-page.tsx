/** Placeholder for /successLogin (issue 7); its owner replaces this file, keeping the export name and props. */

export function SuccessLoginPage(_props: Record<string, never>) {
  return null;
}
