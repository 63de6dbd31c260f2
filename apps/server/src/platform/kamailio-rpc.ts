import { AppError } from '../lib/errors';

/** How long one RPC may take before Kamailio counts as not answering. */
export const RPC_TIMEOUT_MS = 3000;

export class KamailioRpcError extends Error {
  constructor(
    message: string,
    readonly rpcCode?: number,
  ) {
    super(message);
  }
}

/**
 * Kamailio's JSON-RPC 2.0 over HTTP (modules xhttp + jsonrpcs; deploy/kamailio/kamailio.cfg serves it on RPC_LISTEN at
 * /RPC). `dlg.list`, `ul.dump`, `ul.rm`, `htable.reload`… A transport failure or timeout is a 424 platformUnavailable
 * (the caller may retry; never a 5xx); an error the RPC itself returns (e.g. "AOR not found") is a KamailioRpcError.
 */
export async function kamailioRpc<T = unknown>(
  url: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = RPC_TIMEOUT_MS,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw unreachable(err);
  }
  let body: { result?: T; error?: { code?: number; message?: string } };
  try {
    body = (await res.json()) as typeof body;
  } catch (err) {
    throw unreachable(err);
  }
  if (body.error) throw new KamailioRpcError(`${method}: ${body.error.message ?? 'error'}`, body.error.code);
  return body.result as T;
}

function unreachable(cause: unknown): AppError {
  const e = new AppError('platform_unreachable', 'platformUnavailable');
  e.cause = cause;
  return e;
}
