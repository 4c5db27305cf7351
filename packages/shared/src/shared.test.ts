import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  deprecationReason,
  formatCount,
  formatDateTime,
  formatYuan,
  isConventionalParamName,
  isDeprecated,
  isValidParamName,
  jsonToParams,
  nextOrderIndex,
  normalizeHost,
  PARAM_NAME_MAX,
  paramNameProblem,
  roleAllows,
} from './index.js';

describe('formatters', () => {
  it('formats dates as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 7, 8, 9))).toBe('2024-01-05 07:08:09');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });
  it('formats cents as yuan with two decimals', () => {
    expect(formatYuan(123456)).toBe('1234.56');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(-250)).toBe('-2.50');
  });
  it('caps counts at 99', () => {
    expect(formatCount(5)).toBe('5');
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatCount(0)).toBe('0');
  });
  it('takes any name an API uses for a field, refusing only empty, control characters and over-long names', () => {
    // What imports and pushes store (GitHub's reactions, JSON-LD, deepObject and dotted names, an alternative's
    // title, Folio's markers) is what a form save of the same doc sends back: all valid.
    for (const name of ['user_id-2', '+1', '-1', '@type', '$ref', 'address[city]', 'a.b', 'Bank Account', '[item]', '<key>', '名字'])
      expect([name, isValidParamName(name)]).toEqual([name, true]);
    expect(paramNameProblem('')).toBe('empty');
    expect(paramNameProblem('   ')).toBe('empty');
    expect(paramNameProblem(' id ')).toBeNull();
    expect(paramNameProblem('a\tb')).toBe('control');
    expect(paramNameProblem('a\nb')).toBe('control');
    expect(paramNameProblem('a\u007fb')).toBe('control');
    expect(paramNameProblem('x'.repeat(PARAM_NAME_MAX))).toBeNull();
    expect(paramNameProblem('x'.repeat(PARAM_NAME_MAX + 1))).toBe('tooLong');
    // The strict form is only a hint for new rows.
    expect(isConventionalParamName('user_id-2')).toBe(true);
    for (const name of ['+1', '@type', 'a.b', 'user id', '名字']) expect([name, isConventionalParamName(name)]).toEqual([name, false]);
  });
  it('normalises host addresses per spec §5', () => {
    expect(normalizeHost('  http://a.b/x//  ')).toBe('http://a.b/x');
    expect(nextOrderIndex([])).toBe(10000);
    expect(nextOrderIndex([10, 30, 20])).toBe(40);
    expect(isDeprecated('$false$')).toBe(false);
    expect(isDeprecated('Deprecated')).toBe(true);
    // A deprecated text that only says "deprecated" (smart-doc, an importer in zh-CN, a form) gives no reason
    // to show beside the "deprecated" tag; a real reason is shown.
    for (const v of ['Deprecated', '已废弃', '$true$', 'true', ' deprecated ']) expect(deprecationReason(v)).toBe('');
    expect(deprecationReason('$false$')).toBe('');
    expect(deprecationReason('Use /v2/orders instead')).toBe('Use /v2/orders instead');
  });
});

describe('JSON import into a parameter table (spec §5)', () => {
  it('turns objects into object params with children, arrays of objects into arrays with children', () => {
    const ps = jsonToParams(
      '{"id": 1, "name": "x", "ok": true, "tags": ["a","b"], "owner": {"uid": 7}, "items": [{"sku": "s1", "qty": 2}]}',
    );
    expect(ps.map((p) => [p.name, p.type, p.example])).toEqual([
      ['id', 'number', '1'],
      ['name', 'string', 'x'],
      ['ok', 'boolean', 'true'],
      ['tags', 'array', '["a","b"]'],
      ['owner', 'object', ''],
      ['items', 'array', ''],
    ]);
    expect(ps[4].children.map((c) => c.name)).toEqual(['uid']);
    expect(ps[5].children.map((c) => [c.name, c.type])).toEqual([
      ['sku', 'string'],
      ['qty', 'number'],
    ]);
  });
  it('refuses text that is not JSON', () => {
    expect(() => jsonToParams('{oops')).toThrow('please enter JSON');
    expect(() => jsonToParams('42')).toThrow('please enter JSON');
  });
});

describe('role matrix', () => {
  it('lets guests read and only writers write', () => {
    expect(roleAllows('doc.read', 'guest')).toBe(true);
    expect(roleAllows('doc.update', 'guest')).toBe(false);
    expect(roleAllows('doc.update', 'dev')).toBe(true);
    expect(roleAllows('module.manageToken', 'dev')).toBe(false);
    expect(roleAllows('module.manageToken', 'admin')).toBe(true);
  });
  it('checks perms by scope key, super admin passing everything', () => {
    const perms = { isSuperAdmin: false, roleData: { 'project:abc': 'dev' as const, 'space:s1': 'admin' as const } };
    expect(can(perms, 'doc.update', 'abc')).toBe(true);
    expect(can(perms, 'project.delete', 'abc')).toBe(false);
    expect(can(perms, 'space.manageMembers', 's1')).toBe(true);
    expect(can(perms, 'doc.read', 'other')).toBe(false);
    expect(can(perms, 'system.admin')).toBe(false);
    expect(can({ isSuperAdmin: true, roleData: {} }, 'system.admin')).toBe(true);
    for (const a of Object.keys(ACTIONS)) expect(can({ isSuperAdmin: true, roleData: {} }, a as keyof typeof ACTIONS, 'x')).toBe(true);
  });
});
