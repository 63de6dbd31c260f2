import { Suspense, lazy, useState } from 'react';
import { ProfileButton } from './ProfileButton';

const loadDropdown = () => import('./ProfileMenuDropdown');
const ProfileMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).ProfileMenuDropdown }));

/**
 * The header's profile menu. Its dropdown (Mantine's Menu) is fetched when the button is first pointed at, focused or
 * pressed, and opens once there, so the shell's first screen does not wait for it (as the language switcher).
 */
export function ProfileMenu() {
  const [used, setUsed] = useState(false);
  const button = (
    <ProfileButton
      aria-expanded={false}
      onPointerEnter={loadDropdown}
      onFocus={loadDropdown}
      onClick={() => setUsed(true)}
    />
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenuDropdown />
    </Suspense>
  );
}
