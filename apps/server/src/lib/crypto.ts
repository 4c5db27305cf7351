/** Password hashing (scrypt), token hashing, and encryption at rest with the install key. */
import { createCipheriv, createDecipheriv, hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** Hashes a password: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export const md5 = (s: string) => hash('md5', s, 'hex');
export const sha256 = (s: string) => hash('sha256', s, 'hex');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/**
 * Verifies a password against a stored hash: scrypt, or a legacy Torna hash
 * `md5(username + md5(password) + salt)` (needsUpgrade is then true).
 */
export async function verifyPassword(
  stored: string,
  password: string,
  username: string,
  legacySalt: string,
): Promise<{ ok: boolean; needsUpgrade: boolean }> {
  if (stored.startsWith('scrypt$')) {
    const [, n, r, p, salt, hash] = stored.split('$');
    const got = await scryptAsync(password, Buffer.from(salt, 'base64url'), 32, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 64 * 1024 * 1024,
    });
    return { ok: safeEqual(got.toString('base64url'), hash), needsUpgrade: false };
  }
  if (/^[0-9a-f]{32}$/i.test(stored)) {
    const ok = safeEqual(md5(username + md5(password) + legacySalt), stored.toLowerCase());
    return { ok, needsUpgrade: ok };
  }
  return { ok: false, needsUpgrade: false };
}

/** A random URL-safe token. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

const UNAMBIGUOUS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** A random password from an unambiguous alphabet. */
export function randomPassword(len = 8): string {
  const bytes = randomBytes(len * 2);
  let out = '';
  for (let i = 0; out.length < len; i++) {
    const b = bytes[i % bytes.length];
    if (b < 256 - (256 % UNAMBIGUOUS.length)) out += UNAMBIGUOUS[b % UNAMBIGUOUS.length];
    if (i > len * 8) return out + randomPassword(len - out.length);
  }
  return out;
}

/** AES-256-GCM with the install key: `v1:iv:tag:ciphertext` (base64url). */
export function encrypt(key: Buffer, plain: string): string {
  if (!plain) return '';
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const enc = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `v1:${iv.toString('base64url')}:${c.getAuthTag().toString('base64url')}:${enc.toString('base64url')}`;
}

/** Decrypts what encrypt produced; '' for ''. */
export function decrypt(key: Buffer, box: string): string {
  if (!box) return '';
  const [v, iv, tag, data] = box.split(':');
  if (v !== 'v1') throw new Error('unknown ciphertext version');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
}
