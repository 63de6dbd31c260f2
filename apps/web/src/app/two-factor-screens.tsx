import { ResellerUserDetailsPage } from '../features/reseller-users/components/ResellerUserDetailsPage';
import { UserDetailsPage } from '../features/users/components/UserDetailsPage';
import { UserEditPage } from '../features/profile/components/UserEditPage';
import { TwoFactorAccountCard } from '../features/two-factor/components/TwoFactorAccountCard';
import { TwoFactorCard } from '../features/two-factor/components/TwoFactorCard';

/** Issue #18 item 1: the screens that show two-factor settings, composed from their features' pages (the sign-in
 * page's second step is in app/login-screen.tsx, so /login does not load these). */

/** The profile screen with the caller's own two-factor card. */
export function UserEditScreen() {
  return <UserEditPage cards={<TwoFactorCard />} />;
}

/** An existing user's details with their second factor (status and an administrator's reset). */
export function UserDetailsScreen() {
  return <UserDetailsPage extra={(id) => <TwoFactorAccountCard account={{ account_type: 'user', id }} />} />;
}

export function ResellerUserDetailsScreen() {
  return (
    <ResellerUserDetailsPage extra={(id) => <TwoFactorAccountCard account={{ account_type: 'reseller_user', id }} />} />
  );
}
