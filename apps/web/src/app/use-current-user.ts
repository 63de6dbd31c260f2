import type { Role } from '@provisio/contract';
import { useMe } from '../features/auth/api/get-me';
import { useSession } from '../lib/session';

export interface CurrentUser {
  name: string;
  username: string;
  role: Role | undefined;
  pictureUrl: string | null;
}

/**
 * The signed-in user as the shell shows it: the server's answer to /me once loaded, the stored creds before.
 * The picture comes from the session so a new upload shows at once.
 */
export function useCurrentUser(): CurrentUser {
  const session = useSession();
  const { data: me } = useMe(!!session.token);
  return {
    name: me?.name ?? session.creds?.name ?? '',
    username: me?.username ?? session.creds?.username ?? '',
    role: me?.user_type ?? session.creds?.user_type,
    pictureUrl: session.profileURL,
  };
}
