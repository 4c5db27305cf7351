/**
 * A small ZIP writer on Node's native deflate (several times faster than a JavaScript deflate on the
 * tens of megabytes of XML a big application's .docx body has). Plain ZIP, no ZIP64: entries < 4 GB.
 */
import { createDeflateRaw, deflateRawSync, crc32 as zlibCrc32 } from 'node:zlib';

/** CRC-32 of a buffer (or continue one: pass the previous result as `prev`); Node's native one (zlib, Node ≥ 20.15). */
export function crc32(buf: Uint8Array, prev = 0): number {
  return zlibCrc32(buf, prev);
}

/** A zip entry: bytes, text, or text produced piece by piece (deflated as it comes, off the main thread). */
export type ZipData = Uint8Array | string | Iterable<string>;

interface Packed {
  packed: Buffer;
  crc: number;
  size: number;
}

async function pack(data: ZipData, level: number): Promise<Packed> {
  if (typeof data === 'string' || data instanceof Uint8Array) {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return { packed: deflateRawSync(buf, { level }), crc: crc32(buf), size: buf.length };
  }
  const deflater = createDeflateRaw({ level });
  const out: Buffer[] = [];
  deflater.on('data', (b: Buffer) => out.push(b));
  const ended = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  for (const piece of data) {
    const buf = Buffer.from(piece, 'utf8');
    crc = crc32(buf, crc);
    size += buf.length;
    if (!deflater.write(buf)) await new Promise((r) => deflater.once('drain', r));
  }
  deflater.end();
  await ended;
  return { packed: Buffer.concat(out), crc, size };
}

/** Zips entries in order; text generated piece by piece never exists as one string. */
export async function zipStream(entries: [string, ZipData][], level = 6): Promise<Buffer> {
  const files: Record<string, Packed> = {};
  for (const [name, data] of entries) files[name] = await pack(data, level);
  return assemble(files);
}

/** Zips files (name → bytes), deflated at the given level; names are stored as UTF-8. */
export function zipFiles(files: Record<string, Uint8Array | string>, level = 6): Buffer {
  const packed: Record<string, Packed> = {};
  for (const [name, content] of Object.entries(files)) {
    const buf =
      typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    packed[name] = { packed: deflateRawSync(buf, { level }), crc: crc32(buf), size: buf.length };
  }
  return assemble(packed);
}

function assemble(files: Record<string, Packed>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // DOS date/time of 1980-01-01 00:00: exports are reproducible byte for byte.
  const time = 0;
  const date = (0 << 9) | (1 << 5) | 1;
  for (const [name, { packed, crc, size }] of Object.entries(files)) {
    const nameBuf = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBuf, packed);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(0x02014b50, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(0x0800, 8);
    cen.writeUInt16LE(8, 10);
    cen.writeUInt16LE(time, 12);
    cen.writeUInt16LE(date, 14);
    cen.writeUInt32LE(crc, 16);
    cen.writeUInt32LE(packed.length, 20);
    cen.writeUInt32LE(size, 24);
    cen.writeUInt16LE(nameBuf.length, 28);
    cen.writeUInt32LE(offset, 42);
    central.push(cen, nameBuf);
    offset += local.length + nameBuf.length + packed.length;
  }
  const cenSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(files).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cenSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}
