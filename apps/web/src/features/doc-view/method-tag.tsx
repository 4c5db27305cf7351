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
