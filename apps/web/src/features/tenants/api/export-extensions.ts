import { ExtensionsExportReply } from '@provisio/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api';

export type ExtensionsExport = z.infer<typeof ExtensionsExportReply>;

/** extensionsExport: the file name and the tenant's extensions under the ten CSV headers. */
export function exportExtensions(tenantId: string): Promise<ExtensionsExport> {
  return apiRequest('/extensionsExport', { body: { tenant_id: tenantId }, schema: ExtensionsExportReply });
}
