import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody, type MessageKey, isMessageKey } from '@provisio/contract';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from '../lib/errors';
import { t } from '../lib/i18n';

interface ValidationEntry {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Turns one zod issue into a sentence in the caller's language. */
function describeIssue(request: FastifyRequest, v: ValidationEntry): { path: string; message: string } {
  const params = v.params;
  const keys = Array.isArray(params.keys) ? (params.keys as string[]) : [];
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = path || keys.join(', ') || 'body';
  const num = (x: unknown) => (typeof x === 'number' || typeof x === 'bigint' ? Number(x) : 0);
  if (isMessageKey(v.message)) {
    // A refinement's own params (e.g. a range's min and max) fill the message's placeholders.
    const own =
      typeof params.params === 'object' && params.params !== null
        ? (params.params as Record<string, string | number>)
        : {};
    return {
      path,
      message: t(request, v.message, { field, min: num(params.minimum), max: num(params.maximum), ...own }),
    };
  }
  let key: MessageKey = 'fieldInvalid';
  const extra: Record<string, string | number> = {};
  switch (v.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(v.message)) key = 'fieldRequired';
      else {
        key = 'fieldType';
        extra.expected = String(params.expected ?? 'value');
      }
      break;
    case 'too_small':
      if (params.origin === 'string' || params.origin === 'array') {
        key = num(params.minimum) <= 1 ? 'fieldRequired' : 'fieldTooShort';
        extra.min = num(params.minimum);
      } else {
        key = 'fieldTooSmall';
        extra.min = num(params.minimum);
      }
      break;
    case 'too_big':
      key = params.origin === 'string' || params.origin === 'array' ? 'fieldTooLong' : 'fieldTooBig';
      extra.max = num(params.maximum);
      break;
    case 'unrecognized_keys':
      // Name the unknown fields themselves, also inside a nested object (user_details.x).
      return {
        path: path || field,
        message: t(request, 'fieldUnknown', { field: keys.map((k) => (path ? `${path}.${k}` : k)).join(', ') }),
      };
  }
  return { path: path || field, message: t(request, key, { field, ...extra }) };
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, { status: number; code: string; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json', key: 'malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json', key: 'malformedJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', key: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', key: 'badRequest' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', key: 'payloadTooLarge' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'payload_too_large', key: 'imageTooBig' },
  FST_FILES_LIMIT: { status: 413, code: 'payload_too_large', key: 'oneImageOnly' },
  FST_PARTS_LIMIT: { status: 413, code: 'payload_too_large', key: 'payloadTooLarge' },
  FST_FIELDS_LIMIT: { status: 413, code: 'payload_too_large', key: 'payloadTooLarge' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type', key: 'unsupportedMediaType' },
  FST_PROTO_VIOLATION: { status: 400, code: 'bad_request', key: 'badRequest' },
};

/** One error shape for every failure; a 5xx never shows internals and is logged with its stack. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return send(reply, err.status, { error: { code: err.code, message: t(request, err.messageKey, err.params) } });
    }
    if (isDatabaseUnavailable(err)) {
      // Busy (another process holds the lock past the driver's wait) or cannot be written: try again later.
      request.log.warn({ err }, 'database busy or not writable');
      const e = databaseUnavailable(err);
      reply.headers(e.headers);
      return send(reply, e.status, { error: { code: e.code, message: t(request, e.messageKey) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = (err.validation as unknown as ValidationEntry[]).map((v) => describeIssue(request, v));
      const first = fields[0]?.message;
      return send(reply, 400, {
        error: {
          code: 'validation_failed',
          message: fields.length === 1 && first ? first : t(request, 'validationFailed'),
          fields,
        },
      });
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(reply, known.status, { error: { code: known.code, message: t(request, known.key) } });
    if (err instanceof SyntaxError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      request.log.info({ code: err.code, msg: err.message }, 'client error');
      return send(reply, status, { error: { code: 'bad_request', message: t(request, 'badRequest') } });
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, { error: { code: 'internal_error', message: t(request, 'internalError') } });
  });
});
