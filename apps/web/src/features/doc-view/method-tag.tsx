/** The HTTP method as a coloured tag (GET info, POST default, PUT warning, DELETE danger, HEAD success). */
import { METHOD_TAG_COLORS } from '@folio/shared';

export function MethodTag({ method, className = '' }: { method: string; className?: string }) {
  const m = method.toUpperCase();
  return (
    <span className={`method-tag method-${METHOD_TAG_COLORS[m] ?? 'default'} ${className}`} data-testid="method-tag">
      {m}
    </span>
  );
}

/**
 * A webhook's marker, in place of a method tag: an incoming call the API makes (to the reader's endpoint), not an
 * endpoint to call. The method it calls with is in its title (and beside it in the doc's header).
 */
export function WebhookTag({ method, className = '' }: { method: string; className?: string }) {
  return (
    <span className={`method-tag method-webhook ${className}`} data-testid="webhook-tag" title={`Webhook · ${method.toUpperCase()}`}>
      WEBHOOK
    </span>
  );
}
