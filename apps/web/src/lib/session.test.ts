import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorToast, formFieldErrors, isPublicPath, loginUrl, safeRedirect, sessionAction } from './session';

describe('session codes', () => {
  it('1000 sends to login keeping the redirect', () => {
    expect(sessionAction('1000', { current: '/project/doc/abc?x=1', hasUnsavedEdits: false })).toEqual({
      type: 'login',
      to: '/login?redirect=%2Fproject%2Fdoc%2Fabc%3Fx%3D1',
    });
  });
  it('1000 with unsaved edits offers the Re-Login dialog instead of leaving the page', () => {
    expect(sessionAction('1000', { current: '/doc/edit/m/d', hasUnsavedEdits: true })).toEqual({ type: 'relogin-dialog' });
  });
  it('1000 on a public page does nothing', () => {
    expect(sessionAction('1000', { current: '/share/abc', hasUnsavedEdits: false }).type).toBe('none');
    expect(sessionAction('1000', { current: '/login?redirect=%2Fx', hasUnsavedEdits: false }).type).toBe('none');
  });
  it('2000 sends to /setPassword unless already there', () => {
    expect(sessionAction('2000', { current: '/dashboard', hasUnsavedEdits: false })).toEqual({ type: 'set-password', to: '/setPassword' });
    expect(sessionAction('2000', { current: '/setPassword', hasUnsavedEdits: false }).type).toBe('none');
  });
  it('other codes need no navigation', () => {
    expect(sessionAction('100', { current: '/dashboard', hasUnsavedEdits: false }).type).toBe('none');
  });
  it('login url has no redirect for root', () => {
    expect(loginUrl('/')).toBe('/login');
  });
});

describe('error toasts', () => {
  const generic = 'request error, check the log';
  it('code 100 shows the server message', () => {
    expect(errorToast(new ApiError('100', 'Name exists'), generic)).toBe('Name exists');
  });
  it('session codes show nothing (the shell redirects)', () => {
    expect(errorToast(new ApiError('1000', 'login'), generic)).toBeNull();
    expect(errorToast(new ApiError('2000', 'set'), generic)).toBeNull();
  });
  it('a server that does not answer says so', () => {
    const unreachable = 'cannot reach the server';
    expect(errorToast(new ApiError('-1', 'Failed to fetch'), generic, unreachable)).toBe(unreachable);
    expect(errorToast(new ApiError('-1', 'HTTP 502', undefined, undefined, 502), generic, unreachable)).toBe(unreachable);
    expect(errorToast(new ApiError('-1', 'HTTP 500', undefined, undefined, 500), generic, unreachable)).toBe(generic);
  });
  it('other codes and HTTP failures show the generic text', () => {
    expect(errorToast(new ApiError('-1', 'HTTP 500', undefined, undefined, 500), generic)).toBe(generic);
    expect(errorToast(new ApiError('500', 'boom'), generic)).toBe(generic);
    expect(errorToast(new TypeError('x'), generic)).toBe(generic);
  });
  it('validation fields become form field paths', () => {
    const e = new ApiError('100', 'bad', 'validation_failed', [
      { field: 'name', message: 'too long' },
      { field: 'params.0.name', message: 'bad name' },
      { field: 'body', message: 'x' },
    ]);
    expect(formFieldErrors(e)).toEqual([
      { name: ['name'], errors: ['too long'] },
      { name: ['params', 0, 'name'], errors: ['bad name'] },
    ]);
  });
});

describe('public paths and redirects', () => {
  it('knows the public routes of spec §2', () => {
    for (const p of ['/login', '/setPassword', '/reg', '/resetPassword', '/findPassword', '/successLogin', '/share/x/y', '/show/a']) {
      expect(isPublicPath(p)).toBe(true);
    }
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/shareholder')).toBe(false);
    expect(isPublicPath('/view/abc')).toBe(false);
  });
  it('only follows same-origin redirects', () => {
    expect(safeRedirect('/project/doc/1')).toBe('/project/doc/1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
