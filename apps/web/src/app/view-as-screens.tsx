import type { ResellerUserRow, UserRow } from '@provisio/contract';
import { useMemo } from 'react';
import { ResellerUsersPage } from '../features/reseller-users/components/ResellerUsersPage';
import { UsersPage } from '../features/users/components/UsersPage';
import { useViewAsColumn } from '../features/view-as/components/ViewAsColumn';

/** Issue #18 item 4: the Users screen with a 'View as' button for each active simple user (never an administrator). */
export function UsersScreen() {
  const { column, dialog } = useViewAsColumn(userTarget);
  const extra = useMemo(() => [column], [column]);
  return (
    <>
      <UsersPage extraColumns={extra} />
      {dialog}
    </>
  );
}

/** The Reseller Users screen with a 'View as' button for each reseller user. */
export function ResellerUsersScreen() {
  const { column, dialog } = useViewAsColumn(resellerUserTarget);
  const extra = useMemo(() => [column], [column]);
  return (
    <>
      <ResellerUsersPage extraColumns={extra} />
      {dialog}
    </>
  );
}

const userTarget = (r: UserRow) =>
  r.user_type === 'simple user' && r.active
    ? { principal_type: 'user' as const, id: r.id, name: r.name || r.username }
    : null;
const resellerUserTarget = (r: ResellerUserRow) => ({
  principal_type: 'reseller_user' as const,
  id: r.id,
  name: r.name || r.email,
});
