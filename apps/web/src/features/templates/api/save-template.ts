import { type TemplateCreateUpdateBody } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { templatesKey } from './get-templates';

/** The server sanitises the body: no script, event handler or javascript: link survives a save. */
export function saveTemplate(body: TemplateCreateUpdateBody) {
  return callApi('templateCreateUpdate', body);
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
