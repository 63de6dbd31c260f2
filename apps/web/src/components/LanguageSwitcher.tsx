import { Suspense, lazy, useState } from 'react';
import { LanguageButton } from './LanguageButton';

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(async () => ({ default: (await loadMenu()).LanguageMenu }));

/**
 * The language menu of every page's header. Its dropdown (Mantine's Menu, its positioning and focus handling: about
 * a fifth of a sign-in page's JavaScript) is fetched when the button is first pointed at, focused or pressed, and
 * opens once there.
 */
export function LanguageSwitcher() {
  const [used, setUsed] = useState(false);
  const button = (
    <LanguageButton aria-expanded={false} onPointerEnter={loadMenu} onFocus={loadMenu} onClick={() => setUsed(true)} />
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu />
    </Suspense>
  );
}
