import type { Deps } from '../../deps';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { verifyGrant } from '../../lib/signing';
import type { PlatformRecording } from '../../platform/connector';
import type { Caller } from '../../lib/caller';
import { assertTenantVisible } from '../tenants/tenant-scope';
import { RECORDING_GRANT } from './cdrs.service';
import { checkExtensionToken } from './extension-token';

export interface RecordingAccess {
  grant?: string | undefined;
  token?: string | undefined;
  tenantId?: string | undefined;
  caller: Caller | null;
  ip: string;
}

/**
 * A call's recording, for someone allowed to see that call: a signed grant from getCDRs (valid one hour), the
 * extension token of the call's own extension (or of an admin extension of the tenant), or a portal session that
 * sees the tenant. Everyone else gets 403.
 */
export async function getRecording(deps: Deps, id: string, a: RecordingAccess): Promise<PlatformRecording> {
  const { connector } = deps;
  if (!connector.getCallRecord || !connector.getRecording) throw notFound();
  const claims = await verifyGrant(deps.db, RECORDING_GRANT, a.grant);
  let tenantId: string;
  if (claims) {
    if (claims.i !== id || typeof claims.t !== 'string') throw forbidden();
    tenantId = claims.t;
  } else {
    if (a.grant || !a.tenantId) throw forbidden();
    tenantId = a.tenantId;
  }
  const record = await connector.getCallRecord(tenantId, id);
  if (!claims) {
    if (a.token) {
      const holder = await checkExtensionToken(deps, tenantId, undefined, a.token, a.ip);
      if (!record || (!holder.admin && record.extension !== holder.extension)) throw forbidden();
    } else if (a.caller) {
      await assertTenantVisible(deps.db, a.caller, tenantId);
    } else {
      throw new AppError('forbidden', 'forbidden');
    }
  }
  if (!record?.recordingRef) throw notFound();
  const audio = await connector.getRecording(tenantId, record.recordingRef);
  if (!audio) throw notFound();
  return audio;
}
