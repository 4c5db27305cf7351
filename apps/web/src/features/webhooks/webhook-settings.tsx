/** Placeholder for per-application chat webhooks and delivery log (issue 4); its owner replaces this file, keeping the export name and props. */

export function WebhookSettings(_props: { moduleId: string }) {
  return null;
}
