import type { FastifyRequest } from 'fastify';
import { type Language, type MessageKey, formatMessage, pickLanguage } from '@provisio/contract';

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

export function t(request: FastifyRequest, key: MessageKey, params?: Record<string, string | number>): string {
  return formatMessage(requestLanguage(request), key, params);
}
