/** A description rendered by the shared renderer (Markdown + the safe inline HTML subset, sanitised). */
import { descriptionHtml, descriptionInlineHtml } from '@folio/shared';
import { useMemo } from 'react';

export function Description({ text, inline, className }: { text: string | null | undefined; inline?: boolean; className?: string }) {
  const html = useMemo(() => (inline ? descriptionInlineHtml(text) : descriptionHtml(text)), [text, inline]);
  if (!html) return null;
  const Tag = inline ? 'span' : 'div';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the shared allowlist (description.ts)
  return <Tag className={`${inline ? 'desc-inline' : 'markdown-body'} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
