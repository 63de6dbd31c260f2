import { AppShell, Box, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useMyBranding } from '../../features/branding/api/my-branding';
import { ViewAsBanner } from '../../features/view-as/components/ViewAsBanner';
import { useViewState } from '../../features/view-as/view-state';
import { usePrimeBootView } from '../../lib/boot-view-prime';
import { useShowBrand } from '../../lib/brand';
import { useSession } from '../../lib/session';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { Header } from './Header';
import classes from './layout.module.css';
import { Sidebar } from './Sidebar';

export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Issue #19: a reseller's users (and their tenants' users) see the reseller's brand; administrators Provisio.
  const { data: brand } = useMyBranding(!!useSession().token);
  useShowBrand(brand);
  // Not while an administrator views as a user: a short support session, whose token the copy would be kept for.
  usePrimeBootView(useLocation().pathname, useViewState() === null);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <Header navOpened={opened} onToggleNav={toggle} brand={brand} />
      <Sidebar onNavigate={close} />
      <AppShell.Main className={classes.main}>
        <ViewAsBanner />
        <Box mb="md">
          <AppBreadcrumbs />
        </Box>
        <Box style={{ flex: 1 }}>
          <Outlet />
        </Box>
        <footer className={classes.footer} data-testid="footer">
          <Text fz="inherit" c="inherit">
            {brand
              ? t('app.brandCopyright', { year: new Date().getFullYear(), name: brand.name })
              : t('app.copyright', { year: new Date().getFullYear() })}
          </Text>
        </footer>
      </AppShell.Main>
    </AppShell>
  );
}
