import type { UpdateProfileFields } from '@provisio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { type ReplyOf, callReply, callRoute } from '../../../lib/contract';
import { queryKeys } from '../../../lib/query-client';
import { setProfileUrl, updateCreds } from '../../../lib/session';

export type UpdateProfileInput = Required<Pick<UpdateProfileFields, 'name' | 'email' | 'phone_number'>> & {
  /** A chosen picture makes this an 'image' update; without one it is 'text'. */
  file?: File | null;
};

/** updateProfile takes a multipart form, so it goes by its declaration's path and reply rather than callApi's JSON body. */
export function updateProfile(input: UpdateProfileInput): Promise<ReplyOf<'updateProfile'>> {
  const form = new FormData();
  form.append('type', input.file ? 'image' : 'text');
  form.append('name', input.name);
  form.append('email', input.email);
  form.append('phone_number', input.phone_number);
  if (input.file) form.append('file', input.file, input.file.name);
  return apiRequest(callRoute('updateProfile').path, { body: form, schema: callReply('updateProfile') });
}

/** After saving, the sidebar and header read the new picture and name from the session at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (reply) => {
      setProfileUrl(reply.url ?? reply.profile.url);
      updateCreds({ name: reply.profile.name });
      queryClient.setQueryData(queryKeys.profile, reply.profile);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
