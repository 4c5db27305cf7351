/** One hit of the search dialog: method tag, highlighted name and path, breadcrumb, highlighted snippet. */
import type { SearchHit } from '@folio/shared';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', DELETE: 'red', PATCH: 'purple' };

/** Text with its matched ranges in <mark>. */
export function Highlight({ text, marks }: { text: string; marks: [number, number][] }) {
  if (!marks.length) return <>{text}</>;
  const out: ReactNode[] = [];
  let at = 0;
  for (const [a, b] of marks) {
    if (a > at) out.push(text.slice(at, a));
    out.push(<mark key={a}>{text.slice(a, b)}</mark>);
    at = b;
  }
  out.push(text.slice(at));
  return <>{out}</>;
}

/** A hit row; `active` is the one the arrow keys are on. */
export function SearchHitRow({
  hit: h,
  active,
  withSnippet,
  onHover,
  onOpen,
}: {
  hit: SearchHit;
  active: boolean;
  withSnippet: boolean;
  onHover: () => void;
  onOpen: () => void;
}) {
  return (
    <div
      className="search-hit"
      role="option"
      aria-selected={active}
      data-active={active}
      data-testid="search-hit"
      tabIndex={-1}
      onMouseEnter={onHover}
      onClick={onOpen}
      onKeyDown={(e) => e.key === 'Enter' && onOpen()}
    >
      <div className="search-hit-title">
        {h.method && h.webhook && (
          <Tag color="purple" data-testid="webhook-tag" title={`Webhook · ${h.method}`}>
            WEBHOOK
          </Tag>
        )}
        {h.method && !h.webhook && <Tag color={METHOD_COLORS[h.method] ?? 'default'}>{h.method}</Tag>}
        <span className="search-hit-name">
          <Highlight text={h.name || h.path} marks={h.name ? h.nameMarks : h.pathMarks} />
        </span>
        {h.path && h.name && (
          <span className="search-hit-path">
            <Highlight text={h.path} marks={h.pathMarks} />
          </span>
        )}
        {h.deprecated === 1 && <Tag>deprecated</Tag>}
      </div>
      {h.breadcrumb.length > 0 && <div className="search-hit-crumb">{h.breadcrumb.join(' › ')}</div>}
      {h.snippet.text && withSnippet && (
        <div className="search-hit-snippet">
          <Highlight text={h.snippet.text} marks={h.snippet.marks} />
        </div>
      )}
    </div>
  );
}
