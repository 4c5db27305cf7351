/**
 * A big open-API body (over BIG_BODY_BYTES) is read on a worker thread (lib/offload.ts), not on the event loop:
 * parsing the envelope, URL-decoding and parsing `data` of a 20,000-doc push held the loop for seconds. What
 * comes back is small, or a string: the envelope with `data` as the text it was sent as (the signature's input),
 * and for `doc.push` the payload already in its file (push-file.ts) with the few facts the request needs.
 */
import { decodeData, envelopeOfText, OpenApiError, OpenCode } from './open-api-wire.js';
import { writePushFile } from './push-file.js';
import { countRawDocs, str } from './push-normalize.js';

/** Bodies of more bytes than this are prepared on a worker thread (about 1,000 docs of a typical push). */
export const BIG_BODY_BYTES = 1_000_000;

/** A doc.push payload waiting in its file, or why its `data` cannot be used (raised where dispatch would raise it). */
export type PreparedPush =
  | { file: string; docs: number; author: string; async: unknown; queued?: boolean }
  | { error: { code: string; key: string; params: Record<string, string | number> } };

export interface PreparedBody {
  envelope: Record<string, unknown>;
  push?: PreparedPush;
  /** The envelope itself was unreadable (Torna's code and message key). */
  error?: { code: string; key: string; params: Record<string, string | number> };
}

export interface PrepareInput {
  /** The body's bytes (UTF-8). */
  body: Uint8Array;
  contentType: string;
  query: Record<string, unknown>;
  /** The upload directory (payload files go in its push-payloads folder). */
  uploadDir: string;
}

const errorOf = (err: unknown) => {
  if (err instanceof OpenApiError) return { code: err.code, key: err.key, params: err.params };
  throw err;
};

/** Reads a big body: its envelope and, for doc.push, its payload written to a file. */
export async function prepareBody(input: PrepareInput): Promise<PreparedBody> {
  let envelope: Record<string, unknown>;
  try {
    envelope = envelopeOfText(
      Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength).toString('utf8'),
      input.contentType,
      input.query,
    );
  } catch (err) {
    return { envelope: {}, error: errorOf(err) };
  }
  // `data` goes back as text: a plain object as its JSON (the signature reads it so too).
  const sent = envelope.data;
  if (sent && typeof sent === 'object') envelope.data = JSON.stringify(sent);
  const isPush = str(envelope.name).trim() === 'doc.push' && (str(envelope.version).trim() || '1.0') === '1.0';
  if (!isPush) return { envelope };
  let data: Record<string, unknown>;
  try {
    data = decodeData(sent);
  } catch (err) {
    return { envelope, push: { error: errorOf(err) } };
  }
  if (!Array.isArray(data.apis) || !data.apis.length) {
    return {
      envelope,
      push: { error: { code: OpenCode.INVALID_PARAMS, key: 'push.api.invalidParams', params: { detail: 'apis: cannot be empty' } } },
    };
  }
  const file = await writePushFile(input.uploadDir, data);
  return { envelope, push: { file, docs: countRawDocs(data.apis), author: str(data.author).trim(), async: data.async } };
}
