/**
 * Pieces of the doc view: a titled section, the in-page outline, the response tabs per status, the lazily shown
 * code samples.
 */
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Description } from './description';
import type { StatusTab } from './responses';

export const CodeSamplesPanel = lazy(() => import('./code-samples-panel'));

/** A titled section of the doc; `anchor` makes it a target of the outline (`sec-{anchor}`). */
export function Section({
  title,
  children,
  testId,
  anchor,
}: {
  title: string;
  children: React.ReactNode;
  testId?: string;
  anchor?: string;
}) {
  return (
    <section className="doc-section" data-testid={testId} id={anchor ? `sec-${anchor}` : undefined}>
      <h4 className="doc-section-title">{title}</h4>
      {children}
    </section>
  );
}

/** Renders its children once scrolled near the viewport (the code-sample chunk loads only then). */
export function WhenVisible({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return <div ref={ref}>{seen ? children : <div style={{ minHeight: 40 }} />}</div>;
}

/** The doc's sections as links that jump (big operations are long). */
export function Outline({ items }: { items: [string, string, boolean][] }) {
  const shown = items.filter((x) => x[2]);
  if (shown.length < 3) return null;
  return (
    <nav className="doc-outline" data-testid="doc-outline">
      {shown.map(([anchor, label]) => (
        <button
          key={anchor}
          type="button"
          className="link-button"
          onClick={() => document.getElementById(`sec-${anchor}`)?.scrollIntoView({ block: 'start' })}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}

/** One tab per HTTP status; `panel` renders a status's body (the success one, or each documented one). */
export function ResponseTabs({ tabs, panel }: { tabs: StatusTab[]; panel: (tab: StatusTab) => React.ReactNode }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(() => tabs.find((x) => x.success)?.code ?? tabs[0].code);
  const tab = tabs.find((x) => x.code === active) ?? tabs[0];
  const tone = (code: string) => (/^2/.test(code) ? 'ok' : /^[45]/.test(code) ? 'err' : 'other');
  return (
    <div className="response-tabs">
      <div className="status-tabs" role="tablist" data-testid="response-tabs">
        {tabs.map((x) => (
          <button
            key={x.code}
            type="button"
            role="tab"
            aria-selected={x.code === tab.code}
            className={`status-tab status-${tone(x.code)}${x.code === tab.code ? ' is-active' : ''}`}
            title={x.description}
            data-testid="response-tab"
            onClick={() => setActive(x.code)}
          >
            {x.code}
          </button>
        ))}
      </div>
      <div role="tabpanel" key={tab.code} data-testid="response-panel">
        {tab.description && <Description text={tab.description} className="status-desc" />}
        {panel(tab) ?? <span className="muted">{t('view.doc.noBody')}</span>}
      </div>
    </div>
  );
}
