import { TemplateList, type TemplateRow } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { tenantKeys } from './keys';

/** The email templates, for the Email QR modal's picker; a failed load leaves the picker empty (spec §8). */
export function getTemplates(): Promise<TemplateRow[]> {
  return apiRequest('/getTemplates', { method: 'GET', schema: TemplateList, silent: true });
}

export function useTemplates(enabled: boolean) {
  return useQuery({ queryKey: tenantKeys.templates, queryFn: getTemplates, enabled, staleTime: 0 });
}
