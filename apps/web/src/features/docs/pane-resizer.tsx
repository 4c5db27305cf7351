/** A vertical splitter that resizes the pane before it; the width is remembered in this browser. */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MIN = 240;
const MAX = 720;

/** The remembered width of a pane (px), and a setter that remembers it. */
export function usePaneWidth(key: string, initial: number): [number, (w: number) => void] {
  const [width, setWidth] = useState(() => {
    const saved = Number(localStorage.getItem(key));
    return Number.isFinite(saved) && saved >= MIN && saved <= MAX ? saved : initial;
  });
  const set = useCallback(
    (w: number) => {
      const clamped = Math.round(Math.max(MIN, Math.min(MAX, w)));
      setWidth(clamped);
      localStorage.setItem(key, String(clamped));
    },
    [key],
  );
  return [width, set];
}

export function PaneResizer({ width, onResize }: { width: number; onResize: (w: number) => void }) {
  const { t } = useTranslation();
  const start = (e: React.PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const x0 = e.clientX;
    const w0 = width;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => onResize(w0 + ev.clientX - x0);
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a splitter has no native element; role=separator is the ARIA pattern
    <div
      className="pane-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('tree.resize')}
      aria-valuenow={width}
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      tabIndex={0}
      data-testid="tree-resizer"
      onPointerDown={start}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') onResize(width - 16);
        if (e.key === 'ArrowRight') onResize(width + 16);
      }}
    />
  );
}
