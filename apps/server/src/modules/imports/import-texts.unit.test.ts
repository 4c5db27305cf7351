/** Names a conversion gives what the source leaves unnamed are written in the importer's language. */
import { describe, expect, it } from 'vitest';
import { convertSource } from './import-convert.js';

const yapi = JSON.stringify([{ name: '', desc: '', list: [{ title: '', path: '', method: 'GET', add_time: 1700000000 }] }]);
const yapiMd = [
  'An introduction without a heading of its own.',
  '',
  '# Pets',
  '',
  '## List pets',
  '',
  '**Path：** /pets',
  '',
  '**Method：** GET',
  '',
].join('\n');

describe('unnamed items get names in the importer language', () => {
  it.each([
    ['zh-CN', '分类 1', '未命名', '公共信息'],
    ['en', 'Category 1', 'Untitled', 'Common information'],
  ])('%s', async (lang, category, untitled, wiki) => {
    const c = await convertSource(yapi, null, { lang });
    expect(c.payload.apis.map((a) => a.name)).toEqual([category]);
    expect(c.payload.apis[0].items?.map((d) => d.name)).toEqual([untitled]);
    const md = await convertSource(yapiMd, 'yapi-md', { lang });
    // The introduction becomes a Markdown doc named for what it is; the source's names stay.
    expect(md.payload.apis.map((a) => a.name)).toEqual([wiki, 'Pets']);
    expect(md.payload.apis[1].items?.map((d) => d.name)).toEqual(['List pets']);
  });

  it.each([
    ['zh-CN', '用户 `postman`'],
    ['en', 'User `postman`'],
  ])('a Postman basic auth user is described in %s in the security scheme', async (lang, description) => {
    const collection = {
      info: { name: 'Auth', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      auth: { type: 'basic', basic: [{ key: 'username', value: 'postman' }] },
      item: [{ name: 'Ping', request: { method: 'GET', url: 'https://api.test/ping' } }],
    };
    const c = await convertSource(JSON.stringify(collection), 'postman', { lang });
    expect(c.security?.schemes.basicAuth).toMatchObject({ description, 'x-folio-username': 'postman' });
  });
});
