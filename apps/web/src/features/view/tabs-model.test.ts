import { describe, expect, it } from 'vitest';
import { addTab, isRecordable, moveTab, nextActive, removeLeft, removeOthers, removeRight, removeTab } from './tabs-model';

const tabs = ['a', 'b', 'c', 'd'].map((x) => ({ path: `/view/${x}`, title: x }));

describe('doc tabs', () => {
  it('records only /view, /share and /show paths, once each', () => {
    expect(isRecordable('/view')).toBe(true);
    expect(isRecordable('/share/abc/d1')).toBe(true);
    expect(isRecordable('/show/x')).toBe(true);
    expect(isRecordable('/project/doc/1')).toBe(false);
    expect(isRecordable('/viewer')).toBe(false);
    let list = addTab([], { path: '/view/a', title: 'a' });
    list = addTab(list, { path: '/dashboard', title: 'x' });
    list = addTab(list, { path: '/view/a', title: 'A2' });
    expect(list).toEqual([{ path: '/view/a', title: 'A2' }]);
  });

  it('closes a tab only when more than one is open', () => {
    expect(removeTab(tabs, '/view/b').map((t) => t.title)).toEqual(['a', 'c', 'd']);
    const one = [tabs[0]];
    expect(removeTab(one, '/view/a')).toBe(one);
  });

  it('closes others, left and right', () => {
    expect(removeOthers(tabs, '/view/b').map((t) => t.title)).toEqual(['b']);
    expect(removeLeft(tabs, '/view/c').map((t) => t.title)).toEqual(['c', 'd']);
    expect(removeRight(tabs, '/view/b').map((t) => t.title)).toEqual(['a', 'b']);
  });

  it('reorders by dragging and picks a neighbour when the active tab closes', () => {
    expect(moveTab(tabs, 0, 2).map((t) => t.title)).toEqual(['b', 'c', 'a', 'd']);
    const after = removeTab(tabs, '/view/d');
    expect(nextActive(tabs, after, '/view/d')).toBe('/view/c');
    expect(nextActive(tabs, after, '/view/a')).toBe('/view/a');
    expect(nextActive(tabs, [], '/view/a')).toBeNull();
  });
});
