import { type ActiveChannel, type CallActionsBody, monitorPath } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { API_BASE, ApiError, callApi } from '../../../lib/api';
import { callRoute, contractCall, contractSchema } from '../../../lib/contract';
import { requestLanguage } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-client';
import { getSession } from '../../../lib/session';

/**
 * The call-monitoring service (spec §7) may live on another host (MONITOR_BASE_URL, from publicConfig), so these
 * calls build their own URLs on it from the declared paths (monitorCalls); the listen-in sends and receives SDP, not
 * JSON. They carry the admin session's Token (docs/spec-deviations.md #25, #32).
 */
export function useMonitorBase() {
  return useQuery({
    queryKey: queryKeys.publicConfig,
    queryFn: () => callApi('publicConfig', undefined, { auth: false, silent: true }),
    staleTime: Infinity,
    select: (config) => absolute(config.monitor_base_url ?? API_BASE),
  });
}

const absolute = (base: string) => new URL(base.replace(/\/+$/, ''), window.location.origin).href;

async function call(
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers: Record<string, string> },
): Promise<Response> {
  const token = getSession().token;
  const headers: Record<string, string> = { ...init.headers, 'Accept-Language': requestLanguage() };
  if (token) headers.Token = token;
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers });
  } catch {
    throw new ApiError('network_error', i18next.t('errors.network'), 0);
  }
  if (res.ok) return res;
  const [schema, payload] = await Promise.all([contractSchema('ErrorBody').load(), res.json().catch(() => null)]);
  const body = schema.safeParse(payload);
  if (body.success) throw new ApiError(body.data.error.code, body.data.error.message, res.status);
  throw new ApiError('http_error', i18next.t('errors.http', { status: res.status }), res.status);
}

export async function listActiveChannels(base: string): Promise<ActiveChannel[]> {
  const c = callRoute('callActions');
  const body: CallActionsBody = { action: 'list_active_channels' };
  const res = await call(`${base}${c.path}`, {
    method: c.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const [declared, payload] = await Promise.all([contractCall('callActions').load(), res.json()]);
  return declared.reply.parse(payload);
}

/** WHEP-style: the offer in, 201 with the answer and a Location to DELETE when done. */
export async function startListening(
  base: string,
  channel: ActiveChannel,
  offer: string,
): Promise<{ answer: string; location: string }> {
  const c = callRoute('monitor');
  const url = `${base}${monitorPath(c, { callId: channel.SIPCallID })}?tenant_id=${encodeURIComponent(channel.tenant_id)}`;
  const res = await call(url, {
    method: c.method,
    headers: { 'Content-Type': 'application/sdp', Accept: 'application/sdp' },
    body: offer,
  });
  const location = res.headers.get('Location');
  if (!location) throw new ApiError('bad_reply', i18next.t('errors.badReply'), res.status);
  return { answer: await res.text(), location: new URL(location, `${base}/`).href };
}

/** The Location the server answered is the stopMonitor path of this session (on the monitor service's host). */
export async function stopListening(location: string): Promise<void> {
  await call(location, { method: callRoute('stopMonitor').method, headers: { Accept: 'application/json' } });
}

export function useActiveChannels(base: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['monitor', 'channels', base],
    queryFn: () => listActiveChannels(base!),
    enabled: enabled && base !== undefined,
    staleTime: 0,
    // Calls start and end on their own: the list follows them while the page is open.
    refetchInterval: 5000,
  });
}
