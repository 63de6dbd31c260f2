import { OkReply } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { templatesKey } from './get-templates';

export function deleteTemplate(id: number) {
  return apiRequest('/deleteTemplate', { body: { id }, schema: OkReply });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}
