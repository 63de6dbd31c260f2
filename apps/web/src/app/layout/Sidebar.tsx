import { AppShell, NavLink, ScrollArea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeMenuKey, menuItemsFor, type NavItem } from '../navigation';
import { useCurrentUser } from '../use-current-user';
import classes from './layout.module.css';
import { SidebarUser } from './SidebarUser';

const SECTIONS: { id: NavItem['section']; labelKey?: string }[] = [
  { id: 'main' },
  { id: 'manage', labelKey: 'nav.sectionManage' },
  { id: 'system', labelKey: 'nav.sectionSystem' },
];

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const items = menuItemsFor(user.role);
  const active = activeMenuKey(pathname);

  return (
    <AppShell.Navbar className={classes.navbar} p="md">
      <AppShell.Section>
        <SidebarUser user={user} onNavigate={onNavigate} />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} mt="xs" scrollbarSize={6}>
        <nav aria-label={t('nav.mainMenu')} data-testid="sidebar-menu">
          {SECTIONS.map((section) => {
            const sectionItems = items.filter((item) => item.section === section.id);
            if (sectionItems.length === 0) return null;
            return (
              <div key={section.id}>
                {section.labelKey && <Text className={classes.sectionLabel}>{t(section.labelKey)}</Text>}
                {sectionItems.map((item) => (
                  <NavLink
                    key={item.key}
                    component={Link}
                    to={item.path}
                    label={t(item.labelKey)}
                    leftSection={<item.icon size={20} stroke={1.6} />}
                    active={item.key === active}
                    aria-current={item.key === active ? 'page' : undefined}
                    className={classes.link}
                    data-testid={`nav-${item.key}`}
                    onClick={onNavigate}
                  />
                ))}
              </div>
            );
          })}
        </nav>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
