import { QueryClient } from '@tanstack/react-query';

/** Stable query keys shared across features (the shell and the profile screen both touch 'me'). */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  publicConfig: ['auth', 'publicConfig'] as const,
  profile: ['profile', 'details'] as const,
  dashboardSummary: ['dashboard', 'summary'] as const,
};

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Each failure already shows a toast; retrying would repeat it, and a 4xx will not get better.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
