import { type TemplateRow } from '@provisio/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const templatesKey = ['templates', 'list'] as const;

export function getTemplates(): Promise<TemplateRow[]> {
  return callApi('getTemplates', undefined, { silent: true });
}

/** Spec §8: a failed load silently shows an empty list. */
export function useTemplates() {
  const query = useQuery({ queryKey: templatesKey, queryFn: getTemplates, staleTime: 0 });
  return { ...query, templates: query.data ?? [] };
}
