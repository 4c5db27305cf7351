/** The ZIP writer: standard CRC-32, and archives any unzip tool reads back byte for byte. */
import { inflateRawSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, zipFiles, zipStream } from './zip.js';

describe('zip', () => {
  it('computes the standard CRC-32 and continues it across pieces', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.from('6789'), crc32(Buffer.from('12345')))).toBe(0xcbf43926);
  });

  it('round-trips files, UTF-8 names and streamed text', async () => {
    const big = 'x'.repeat(300_000);
    const a = unzipSync(new Uint8Array(zipFiles({ 'a.txt': 'hello', '目录/文档.md': '# 标题' })));
    expect(strFromU8(a['a.txt'])).toBe('hello');
    expect(strFromU8(a['目录/文档.md'])).toBe('# 标题');
    const b = await zipStream([
      ['first.xml', '<x/>'],
      ['body.xml', ['<a>', big, '</a>']],
    ]);
    const files = unzipSync(new Uint8Array(b));
    expect(Object.keys(files)).toEqual(['first.xml', 'body.xml']);
    expect(strFromU8(files['body.xml'])).toBe(`<a>${big}</a>`);
    // The stored CRC and sizes match the content (what Word and unzip check).
    const view = Buffer.from(b);
    const at = view.indexOf(Buffer.from('body.xml')) - 30;
    expect(view.readUInt32LE(at + 14)).toBe(crc32(Buffer.from(`<a>${big}</a>`)));
    expect(view.readUInt32LE(at + 22)).toBe(big.length + 7);
    const packed = view.subarray(at + 30 + 8, at + 30 + 8 + view.readUInt32LE(at + 18));
    expect(inflateRawSync(packed).toString()).toBe(`<a>${big}</a>`);
  });
});
