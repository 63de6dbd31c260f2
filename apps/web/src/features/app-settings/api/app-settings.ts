import {
  type AppSettingsReply,
  type SaveAppSettingsBody,
  type SettingsTab,
  type UserInformationReply,
} from '@provisio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The settings calls carry the app session (`App-Token`), never the admin Token (docs/spec-deviations.md #31, #33). */
const appHeaders = (token: string) => ({ 'App-Token': token });

export function getAppSettings(tab: SettingsTab, token: string): Promise<AppSettingsReply> {
  return callApi('getAppSettings', { tab }, { auth: false, silent: true, headers: appHeaders(token) });
}

export function saveAppSettings(body: SaveAppSettingsBody, token: string): Promise<AppSettingsReply> {
  return callApi('saveAppSettings', body, { auth: false, silent: true, headers: appHeaders(token) });
}

const key = (tab: SettingsTab, token: string | null) => ['appSettings', tab, token] as const;

export function useAppSettings(tab: SettingsTab, token: string | null) {
  return useQuery({
    queryKey: key(tab, token),
    queryFn: () => getAppSettings(tab, token!),
    enabled: token !== null,
    staleTime: 0,
  });
}

export function useSaveAppSettings(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAppSettingsBody) => saveAppSettings(body, token!),
    onSuccess: (reply) => client.setQueryData(key(reply.tab, token), reply),
  });
}

/** Signing in on the settings page: userInformation checks the app account and gives an app session. */
export function appSessionSignIn(username: string, password: string): Promise<UserInformationReply> {
  return callApi(
    'userInformation',
    { cloud_username: username, cloud_password: password },
    { auth: false, silent: true },
  );
}

export function useAppSessionSignIn() {
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      appSessionSignIn(username, password),
  });
}
