import { AppShell, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import type { ShownBrand } from '../../lib/brand';
import { FullscreenToggle } from './FullscreenToggle';
import classes from './layout.module.css';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { ProfileMenu } from './ProfileMenu';

interface HeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  /** The reseller's brand shown instead of Provisio (issue #19). */
  brand?: ShownBrand | null;
}

export function Header({ navOpened, onToggleNav, brand }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <AppShell.Header className={classes.header} px="md">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={navOpened}
            onClick={onToggleNav}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('header.toggleMenu')}
            data-testid="nav-burger"
          />
          <Link
            to="/dashboard"
            aria-label={brand?.name ?? 'Provisio'}
            data-testid="brand-link"
            style={{ textDecoration: 'none', minWidth: 0 }}
          >
            <BrandLogo size={30} brand={brand} testId="brand-header" />
          </Link>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Group visibleFrom="xs" gap={4}>
            <FullscreenToggle />
          </Group>
          <LanguageSwitcher />
          <ProfileMenu />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
