import { type ErrorCode, TOTAL_COUNT_HEADER, isErrorCode } from '@provisio/contract';
import i18next from 'i18next';
import {
  type BodyOf,
  type CallName,
  type Lazy,
  type ReplyOf,
  type ReplySchema,
  callReply,
  callRoute,
  contractSchema,
} from './contract';
import { requestLanguage } from './i18n';
import { notifyError, notifyInfo } from './notify';
import { earlyKey, takeEarly } from './early-requests';
import { endSession, getSession } from './session';

export const API_BASE = '/api/v1';

/** Codes the web client gives failures that never reached a server reply it could read. */
export type ClientErrorCode = 'network_error' | 'bad_reply' | 'http_error';
export type ApiErrorCode = ErrorCode | ClientErrorCode;
const CLIENT_ERROR_CODES: readonly string[] = ['network_error', 'bad_reply', 'http_error'] satisfies ClientErrorCode[];

/**
 * A code from the wire as one this build knows. A server of another version may answer a code this build has no
 * name for: it becomes 'internal_error', which no screen compares against, so the reply is shown as it came (its
 * message and status are kept) and no screen takes it for a refusal it handles specially.
 */
export function toErrorCode(code: string): ApiErrorCode {
  return isErrorCode(code) || CLIENT_ERROR_CODES.includes(code) ? (code as ApiErrorCode) : 'internal_error';
}

/** Every failed call ends up as one of these: the server's stable code, its translated message, the status. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  constructor(
    code: string,
    message: string,
    readonly status: number,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = toErrorCode(code);
  }
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  /** JSON body, or a FormData for multipart uploads. */
  body?: unknown;
  /**
   * Reply schema from the contract (lib/contract.ts `callReply` or `contractSchema`), fetched while the request is
   * under way; the reply is parsed with it. Never a schema imported from the contract: that would put zod on the
   * page's critical path (issue #17).
   */
  schema: Lazy<ReplySchema<T>>;
  /** The caller shows errors itself (sign-in and reset pages show them inline). */
  silent?: boolean;
  /** Send the stored token (default true when one is stored). */
  auth?: boolean;
  /** Extra headers, e.g. the end-user pages' App-Token. */
  headers?: Record<string, string>;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.replace('/login');
const sessionEndedListeners = new Set<() => void>();
let lastSessionNotice = 0;

/** The router registers a soft navigation here so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

/** Lets the query cache be emptied when a session ends without the app knowing (expired token). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  return (await send(path, options)).data;
}

/** Options of a declared call: everything but what its declaration fixes (path, method, body, reply schema). */
export type CallOptions = Omit<RequestOptions<unknown>, 'method' | 'body' | 'schema'>;

/**
 * Makes a call declared in the contract (packages/contract/src/call.ts), by its name: its path and method are known
 * at once, its reply schema (and zod) is fetched while the request is under way (lib/contract.ts).
 */
export function callApi<N extends CallName>(name: N, body: BodyOf<N>, options: CallOptions = {}): Promise<ReplyOf<N>> {
  return apiRequest(callRoute(name).path, declared(name, body, options));
}

function declared<N extends CallName>(name: N, body: unknown, options: CallOptions): RequestOptions<ReplyOf<N>> {
  return { ...options, method: callRoute(name).method === 'GET' ? 'GET' : 'POST', body, schema: callReply(name) };
}

type Row<N extends CallName> = ReplyOf<N> extends (infer T)[] ? T : never;

/** A declared list call: its rows and the total the server counted (X-Total-Count). */
export function callListApi<N extends CallName>(
  name: N,
  body: BodyOf<N>,
  options: CallOptions = {},
): Promise<ListPage<Row<N>>> {
  return apiListRequest(callRoute(name).path, declared(name, body, options) as RequestOptions<Row<N>[]>);
}

/** A declared call whose reply headers matter too (X-Job-Id). */
export function callApiWithHeaders<N extends CallName>(
  name: N,
  body: BodyOf<N>,
  options: CallOptions = {},
): Promise<{ data: ReplyOf<N>; headers: Headers }> {
  return send(callRoute(name).path, declared(name, body, options));
}

/** A page of a list call: the rows, and the total the server counted before paging (the X-Total-Count header). */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** List calls answer a plain array and put the number of matching rows in a header. */
export async function apiListRequest<T>(path: string, options: RequestOptions<T[]>): Promise<ListPage<T>> {
  const { data, headers } = await send(path, options);
  const header = Number(headers.get(TOTAL_COUNT_HEADER));
  return { rows: data, total: Number.isFinite(header) && headers.has(TOTAL_COUNT_HEADER) ? header : data.length };
}

/** A call whose reply headers matter too (calls that start a job put its id in X-Job-Id). */
export function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions<T>,
): Promise<{ data: T; headers: Headers }> {
  return send(path, options);
}

async function send<T>(path: string, options: RequestOptions<T>): Promise<{ data: T; headers: Headers }> {
  const { method = 'POST', body, silent = false } = options;
  // The reply's schema is fetched (when it is not already there) while the request is under way.
  const schema = options.schema.load();
  schema.catch(() => undefined);
  const token = options.auth === false ? null : getSession().token;
  const lang = requestLanguage();
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json', 'Accept-Language': lang };
  if (token) headers.Token = token;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  const url = `${API_BASE}${path}`;
  const sent = body === undefined ? undefined : isForm ? body : JSON.stringify(body);
  let response: Response;
  try {
    // The page's first script may have made this very request already (lib/early-requests.ts); never an upload.
    const early = typeof sent === 'object' ? undefined : takeEarly(earlyKey(method, url, token, lang, sent));
    response = await (early ?? fetch(url, { method, headers, body: sent }));
  } catch {
    throw fail(new ApiError('network_error', i18next.t('errors.network'), 0), silent);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const error = await toApiError(response.status, payload);
    if (response.status === 401 && token) {
      // A refusal of a token the browser no longer holds (a view the server ended, answered after the administrator's
      // session was taken back by an earlier refusal; a sign-in since) says nothing of the session it holds now.
      if (getSession().token !== token) return Promise.reject(error);
      endSession();
      for (const listener of sessionEndedListeners) listener();
      // Several calls may fail at once when a session expires; tell the user only once.
      if (Date.now() - lastSessionNotice > 3000) notifyInfo(error.message);
      lastSessionNotice = Date.now();
      onUnauthorized();
      return Promise.reject(error);
    }
    throw fail(error, silent);
  }

  let parsed: ReturnType<ReplySchema<T>['safeParse']>;
  try {
    parsed = (await schema).safeParse(payload);
  } catch {
    throw fail(new ApiError('network_error', i18next.t('errors.network'), 0), silent);
  }
  if (!parsed.success) throw fail(new ApiError('bad_reply', i18next.t('errors.badReply'), response.status), silent);
  return { data: parsed.data, headers: response.headers };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const errorBody = contractSchema('ErrorBody');

async function toApiError(status: number, payload: unknown): Promise<ApiError> {
  const schema = await errorBody.load().catch(() => undefined);
  const body = schema?.safeParse(payload);
  if (body?.success) {
    const { code, message, fields } = body.data.error;
    return new ApiError(code, message, status, fields);
  }
  return new ApiError('http_error', i18next.t('errors.http', { status }), status);
}

function fail(error: ApiError, silent: boolean): ApiError {
  if (!silent) notifyError(error.message);
  return error;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The contract's optional ListQuery fields, as the data table sends them. */
export interface ListParams {
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}
