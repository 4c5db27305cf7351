/** The Markdown export in Torna's layout: what a Torna user finds in the file, in both languages, escaped. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createWorld, type TestApp } from '../../../test/harness.js';
import { openApi, tornaSdkEnvelope } from '../push/open-api.helpers.js';

let t: TestApp;
let moduleId = '';

beforeAll(async () => {
  t = await createTestApp();
  const w = await createWorld(t);
  moduleId = w.moduleId;
  const tok = (await call(t.app, t.adminToken, 'GET', '/api/module/token/get', { moduleId })).data.token as string;
  const push = {
    debugEnvs: [
      { name: '测试环境', url: 'http://test.example.com' },
      { name: 'prod', url: 'https://api.example.com/' },
    ],
    apis: [
      {
        name: '订单',
        isFolder: 1,
        items: [
          {
            name: '创建订单 <b>|</b>',
            url: '/order/create',
            httpMethod: 'POST',
            contentType: 'application/json',
            description: '创建一个**订单**',
            headerParams: [{ name: 'token', required: 1, example: 'abc', description: '登录令牌' }],
            requestParams: [
              {
                name: 'items',
                type: 'array',
                required: 1,
                description: '商品 | 列表',
                children: [
                  { name: 'sku', type: 'string', required: 1, example: 'A-1', description: '' },
                  {
                    name: 'extra',
                    type: 'object',
                    required: 0,
                    children: [{ name: 'note', type: 'string', example: '<script>x</script>' }],
                  },
                ],
              },
            ],
            responseParams: [
              { name: 'id', type: 'long', example: '42', description: '订单号' },
              { name: 'lines', type: 'array', children: [{ name: 'sku', type: 'string', example: 'A-1' }] },
            ],
            errorCodeParams: [{ code: '1001', msg: '库存不足', solution: '换一个商品' }],
          },
        ],
      },
    ],
  };
  expect((await openApi(t.app, tornaSdkEnvelope('doc.push', tok, push))).body.code).toBe('0');
}, 240_000);

afterAll(async () => {
  await t.close();
});

async function exportMd(lang: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/export',
    query: { format: 'markdown-torna', moduleId, ...extra },
    headers: { token: t.adminToken, 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/markdown');
  return res.body;
}

describe("Markdown export in Torna's layout", () => {
  it('zh-CN: URL with every environment, 描述, ContentType, tables with └ children, 响应示例 JSON, 错误码', async () => {
    const md = await exportMd('zh-CN');
    const lines = md.split('\n');
    expect(lines).toContain('# 订单');
    expect(lines).toContain('#### URL');
    expect(lines).toContain('- 测试环境: `POST` http://test.example.com/order/create');
    expect(lines).toContain('- prod: `POST` https://api.example.com/order/create');
    expect(lines).toContain('描述：创建一个**订单**');
    expect(lines).toContain('ContentType：`application/json`');
    expect(lines).toContain('#### 请求头');
    expect(lines).toContain('#### Body参数');
    expect(lines).toContain('| 名称 | 类型 | 是否必须 | 最大长度 | 描述 | 示例 |');
    expect(lines).toContain('| └ sku | string | 是 | - |  | A-1 |');
    // Grandchildren are indented before the └; plain fields are escaped (no live HTML, no broken table).
    const note = lines.find((l) => l.includes('└ note')) ?? '';
    expect(note.startsWith('| &nbsp;&nbsp;└ note |')).toBe(true);
    expect(note).not.toContain('<script>');
    expect(lines.find((l) => l.startsWith('| items |'))).toContain('商品 \\| 列表');
    expect(md).not.toContain('<b>');
    expect(lines).toContain('#### 响应参数');
    expect(lines).toContain('| 名称 | 类型 | 描述 |');
    expect(lines).toContain('| └ sku | string |  |');
    const at = lines.indexOf('#### 响应示例');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 2]).toBe('```json');
    const end = lines.indexOf('```', at + 3);
    expect(JSON.parse(lines.slice(at + 3, end).join('\n'))).toEqual({ id: 42, lines: [{ sku: 'A-1' }] });
    expect(lines).toContain('#### 错误码');
    expect(lines).toContain('| 错误码 | 错误描述 | 解决方案 |');
    expect(lines).toContain('| 1001 | 库存不足 | 换一个商品 |');
  });

  it('en: the same layout with English labels; a chosen environment is the only URL', async () => {
    const envs = await call(t.app, t.adminToken, 'GET', '/api/module/environment/list', { moduleId });
    const prod = envs.data.find((e: { name: string }) => e.name === 'prod');
    const md = await exportMd('en', { environmentId: prod.id });
    const lines = md.split('\n');
    expect(lines).toContain('- prod: `POST` https://api.example.com/order/create');
    expect(md).not.toContain('test.example.com');
    expect(lines).toContain('Description: 创建一个**订单**');
    expect(lines).toContain('ContentType: `application/json`');
    expect(lines).toContain('#### Response example');
    expect(lines).toContain('#### Error codes');
  });
});
