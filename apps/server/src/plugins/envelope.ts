/** The response envelope {code, msg, data}, its schema helper, and the one error handler. */
import { ERROR_MEANINGS, ErrorSlug } from '@folio/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { t } from '../i18n/messages.js';
import { AppError, type FieldError } from '../lib/errors.js';

/** A success envelope. */
export function ok<T>(data: T): { code: '0'; msg: ''; data: T } {
  return { code: '0', msg: '', data };
}

/** The envelope schema around a data schema, for route response declarations. */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.String(), msg: Type.String(), data });
}

/** Response map for a route: 200 with the envelope around `data`. */
export function okResponse<T extends TSchema>(data: T) {
  return { 200: Envelope(data) };
}

/** The response for routes that return nothing. */
export const okNull = okResponse(Type.Null());

/**
 * Sends a value as JSON text, with the bytes and content type a plain object's answer has: for answers whose
 * response schema only describes them (Torna's open API, the OpenAPI document), so no schema ever filters them.
 */
export function sendJsonText(reply: FastifyReply, value: unknown) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
}

function fieldsFromValidation(err: FastifyError): FieldError[] {
  const v = err.validation ?? [];
  return v.map((e) => {
    const missing = (e.params as { missingProperty?: string })?.missingProperty;
    const path = `${(e.instancePath || '').replace(/^\//, '').replace(/\//g, '.')}${missing ? (e.instancePath ? '.' : '') + missing : ''}`;
    return { field: path || err.validationContext || 'body', message: e.message ?? 'invalid' };
  });
}

/** Registers the error and not-found handlers that write the envelope. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'zh-CN';
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      return reply.status(err.status).send({
        code: err.code,
        msg: t(lang, err.msgKey, err.params),
        data: err.data ?? null,
        error: err.slug,
        requestId: req.id,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const fields = fieldsFromValidation(fe);
      return reply.status(422).send({
        code: '100',
        msg: t(lang, 'error.validation_failed', { detail: fields.map((f) => `${f.field} ${f.message}`).join('; ') }),
        data: null,
        error: 'validation_failed',
        requestId: req.id,
        fields,
      });
    }
    const status = fe.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ code: '100', msg: t(lang, 'error.payload_too_large'), data: null, error: 'payload_too_large', requestId: req.id });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: '100', msg: t(lang, 'error.rate_limited'), data: null, error: 'rate_limited', requestId: req.id });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        code: '100',
        msg: t(lang, 'error.validation_failed', { detail: fe.message }),
        data: null,
        error: 'validation_failed',
        requestId: req.id,
        fields: [],
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: '100', msg: t(lang, 'error.internal', { requestId: req.id }), data: null, error: 'internal_error', requestId: req.id });
  });
}

/** The error envelope as OpenAPI shows it: every slug with its meaning (packages/shared ERROR_MEANINGS). */
const errorSchema = () => ({
  type: 'object',
  description: 'Every error answer of the web API: the envelope with a stable slug.',
  required: ['code', 'msg', 'data', 'error', 'requestId'],
  properties: {
    code: {
      type: 'string',
      enum: ['100', '1000', '2000'],
      description: '"100" any business, validation or permission error; "1000" log in; "2000" set your password',
    },
    msg: { type: 'string', description: "translated message (Accept-Language or the user's language)" },
    data: { type: 'null' },
    error: {
      type: 'string',
      enum: ErrorSlug,
      description: ErrorSlug.map((s) => `- \`${s}\`: ${ERROR_MEANINGS[s]}`).join('\n'),
      'x-enumDescriptions': ERROR_MEANINGS,
    },
    requestId: { type: 'string', description: 'quote it when reporting a problem; the server log has the details' },
    fields: {
      type: 'array',
      description: 'validation_failed: each field and what is wrong with it',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } }, required: ['field', 'message'] },
    },
  },
  example: { code: '100', msg: 'Not found: share', data: null, error: 'not_found', requestId: 'req-1a' },
});

/**
 * Completes the generated OpenAPI document: the Error schema (every slug with its meaning) and, on every
 * operation, the 4XX/5XX answers that carry it. Used as @fastify/swagger's transformObject.
 */
export function withErrorResponses(input: { openapiObject: object } | { swaggerObject: object }): any {
  if (!('openapiObject' in input)) return input.swaggerObject;
  const doc = input.openapiObject as Record<string, any>;
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: errorSchema() } };
  const ref = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  for (const item of Object.values<Record<string, any>>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Record<string, any>>(item)) {
      if (!['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method) || !op) continue;
      op.responses ??= {};
      op.responses['4XX'] ??= { description: 'Error envelope (see the Error schema for every slug)', ...ref };
      op.responses['5XX'] ??= { description: 'Unexpected failure (error internal_error)', ...ref };
    }
  }
  return doc;
}
