import { type ImportPreview } from '@provisio/contract';
import { callApi } from '../../../lib/api';

export type ImportRowValues = Record<string, string>;

/** extensionsImport {rows, dry_run}: a dry run answers the preview; otherwise a job applies the valid rows. */
export function importExtensions(rows: ImportRowValues[], dryRun: boolean): Promise<ImportPreview> {
  return callApi('extensionsImport', { rows, dry_run: dryRun });
}
