import { type ProfileCreateUpdateBody, type ProfileRow } from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, callListApi, type ListPage, type ListParams } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';

export const profilesKey = ['client-profiles', 'list'] as const;

export function listProfiles(params: ListParams): Promise<ListPage<ProfileRow>> {
  return callListApi('profileSummary', params);
}

export function useProfileDetail(id: number | null) {
  return useQuery({
    queryKey: ['client-profiles', 'detail', id],
    queryFn: () => callApi('profileDetail', { id: id! }),
    enabled: id !== null,
    // The form is filled once from the answer; a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export async function deleteProfile(id: number): Promise<void> {
  const reply = await callApi('deleteProfile', { id });
  if (reply.message) notifySuccess(reply.message);
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileCreateUpdateBody) => callApi('profileCreateUpdate', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['client-profiles'] }),
  });
}
