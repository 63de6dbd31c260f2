import type { UserInformationReply } from '@provisio/contract';
import { base64Utf8 } from '../../lib/app-session';

/**
 * What the call-history pages keep for the tab's life (session storage): the extension token of spec §7
 * (base64 of extension@tenant:pin), never the password, so the page survives opening a call's detail and coming back.
 */
export interface CdrSession {
  tenant_id: string;
  token: string;
  user: string;
  admin: boolean;
  name: string;
}

const KEY = 'cdr_session';

export function cdrSessionFrom(info: UserInformationReply): CdrSession {
  return {
    tenant_id: info.tenant_id,
    token: base64Utf8(`${info.extension}@${info.tenant_id}:${info.pin}`),
    user: info.extension,
    admin: info.admin,
    name: `${info.firstname} ${info.lastname}`.trim(),
  };
}

export function saveCdrSession(session: CdrSession) {
  window.sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function loadCdrSession(): CdrSession | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as CdrSession | null;
    return value && typeof value.token === 'string' && typeof value.tenant_id === 'string' ? value : null;
  } catch {
    return null;
  }
}
