import { type ExtensionsExportReply } from '@provisio/contract';
import type { z } from 'zod';
import { callApi } from '../../../lib/api';

export type ExtensionsExport = z.infer<typeof ExtensionsExportReply>;

/** extensionsExport: the file name and the tenant's extensions under the ten CSV headers. */
export function exportExtensions(tenantId: string): Promise<ExtensionsExport> {
  return callApi('extensionsExport', { tenant_id: tenantId });
}
