/**
 * Replies to requests the page's first script (public/boot.js) made before any module ran (issue #19): the session
 * check and a tenant's first subscribers page leave at once instead of after the chunks have loaded and the session
 * cover has rendered. lib/api.ts takes a reply here when it would make the very same request (method, URL, token,
 * language, body); each reply is taken once, and only within KEEP_MS of being asked for, so a later visit never gets
 * old data. A reply nobody takes is never read.
 */
const KEEP_MS = 10_000;

interface Early {
  at: number;
  reply: Promise<Response>;
}

declare global {
  var __provisioEarly: Record<string, Early> | undefined;
}

/** The key boot.js files a request under: the same fields, in the same order. */
export function earlyKey(method: string, url: string, token: string | null, lang: string, body: string | undefined) {
  return [method, url, token ?? '', lang, body ?? ''].join(' ');
}

/** The early reply to this request, once, when it is still fresh; undefined when the app must ask itself. */
export function takeEarly(key: string): Promise<Response> | undefined {
  const all = globalThis.__provisioEarly;
  const found = all?.[key];
  if (!found) return undefined;
  delete all[key];
  return Date.now() - found.at < KEEP_MS ? found.reply : undefined;
}
