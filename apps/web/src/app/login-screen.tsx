import { Center, Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { LoginPage, type SecondStepProps } from '../features/auth/components/LoginPage';
import { rememberedToken } from '../features/two-factor/remember-browser';

// The second step (issue #18) is fetched only when a sign-in answers `two_factor`: /login stays a light first page
// (issue #17: it had grown by ~85 KB gzip when the step, and the other two-factor screens, loaded with it).
const Step = lazy(() =>
  import('../features/two-factor/components/LoginSecondStep').then((m) => ({ default: m.LoginSecondStep })),
);

function LazySecondStep(props: SecondStepProps) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      }
    >
      <Step {...props} />
    </Suspense>
  );
}

/** /login: the sign-in page with its second step composed in (features do not import each other). */
export function LoginScreen() {
  return <LoginPage secondStep={LazySecondStep} rememberedToken={rememberedToken} />;
}
