import { ResellerUserDetailsPage } from '../features/reseller-users/components/ResellerUserDetailsPage';
import { UserDetailsPage } from '../features/users/components/UserDetailsPage';
import { UserEditPage } from '../features/profile/components/UserEditPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { LoginSecondStep } from '../features/two-factor/components/LoginSecondStep';
import { TwoFactorAccountCard } from '../features/two-factor/components/TwoFactorAccountCard';
import { TwoFactorCard } from '../features/two-factor/components/TwoFactorCard';
import { rememberedToken } from '../features/two-factor/remember-browser';

/** Issue #18 item 1: the screens that show two-factor sign-in, composed from their features' pages. */
export function LoginScreen() {
  return <LoginPage secondStep={LoginSecondStep} rememberedToken={rememberedToken} />;
}

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
