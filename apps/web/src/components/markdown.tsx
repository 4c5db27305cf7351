/** Renders Markdown (or stored rich text) as sanitized HTML. */
import { parseMarkdown } from '@folio/shared';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Markdown → sanitized HTML (the descriptions' parser, so GitHub's `> [!NOTE]` is a callout here too). */
export function markdownToSafeHtml(md: string): string {
  return sanitizeHtml(parseMarkdown(md ?? ''));
}

/** Removes scripts, event handlers and javascript: URLs from HTML. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
}

export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => markdownToSafeHtml(source), [source]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify above
  return <div className={`markdown-body ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify above
  return <div className={`markdown-body ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
