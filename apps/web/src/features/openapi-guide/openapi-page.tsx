/** Placeholder for the /openapi push guide page (issue 4); its owner replaces this file, keeping the export name and props. */

export function OpenApiPage(_props: Record<string, never>) {
  return null;
}
