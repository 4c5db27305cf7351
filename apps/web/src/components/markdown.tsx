/** Renders Markdown (or stored rich text) as sanitized HTML. */
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/** Markdown → sanitized HTML. */
export function markdownToSafeHtml(md: string): string {
  return sanitizeHtml(marked.parse(md ?? '', { async: false, gfm: true, breaks: true }) as string);
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
