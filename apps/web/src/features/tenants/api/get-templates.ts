import { type TemplateRow } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { tenantKeys } from './keys';

/** The email templates, for the Email QR modal's picker; a failed load leaves the picker empty (spec §8). */
export function getTemplates(): Promise<TemplateRow[]> {
  return callApi('getTemplates', undefined, { silent: true });
}

export function useTemplates(enabled: boolean) {
  return useQuery({ queryKey: tenantKeys.templates, queryFn: getTemplates, enabled, staleTime: 0 });
}
