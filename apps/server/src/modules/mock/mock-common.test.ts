/** Default mocks follow the application's common response (the `$data$` envelope) when it changes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('default mock and the common response', () => {
  it('wraps every default mock in the common response after it is saved, and unwraps when it is cleared', async () => {
    const w = await createWorld(t);
    const doc = await call(t.app, t.adminToken, 'POST', '/api/doc/save', {
      moduleId: w.moduleId,
      name: 'Get order',
      url: '/orders/{id}',
      httpMethod: 'GET',
      contentType: 'application/json',
      responseParams: [
        { name: 'orderId', type: 'number', example: '7' },
        { name: 'state', type: 'string', example: 'paid' },
      ],
    });
    expect(doc.code, JSON.stringify(doc.body)).toBe('0');
    const get = async () => (await t.app.inject({ method: 'GET', url: `/mock/${w.moduleId}/orders/7` })).json();
    expect(await get()).toEqual({ orderId: 7, state: 'paid' });

    const save = await call(t.app, t.adminToken, 'POST', '/api/module/commonParam/save', {
      moduleId: w.moduleId,
      style: 3,
      params: [
        { name: 'code', type: 'string', example: '0' },
        { name: 'data', type: 'object', example: '$data$' },
      ],
    });
    expect(save.code).toBe('0');
    expect(await get()).toEqual({ code: '0', data: { orderId: 7, state: 'paid' } });

    await call(t.app, t.adminToken, 'POST', '/api/module/commonParam/save', { moduleId: w.moduleId, style: 3, params: [] });
    expect(await get()).toEqual({ orderId: 7, state: 'paid' });
  });
});
