import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toasts } from '../components/Toasts';
import { onSessionEnded } from '../lib/api';
import { brandShades, useBrandColors } from '../lib/brand';
import { setupI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client to start from an empty cache. */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [i18n] = useState(() => setupI18n());

  // A session that ended on a 401 must not leave the last user's data in the cache.
  useEffect(() => onSessionEnded(() => client.clear()), [client]);
  // A reseller's brand (issue #19, lib/brand.ts) replaces the portal's two colours while a page shows it.
  const brand = useBrandColors();
  const themed = useMemo(
    () =>
      brand
        ? {
            ...theme,
            colors: { ...theme.colors, brand: brandShades(brand.primary), secondary: brandShades(brand.secondary) },
          }
        : theme,
    [brand],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider theme={themed} defaultColorScheme="light">
          <Toasts />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
