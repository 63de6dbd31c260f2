import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { crumbsFor } from '../navigation';

export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = pathname === '/dashboard' ? [] : crumbsFor(pathname);
  const last = trail.at(-1);
  useDocumentTitle(`${t(last?.labelKey ?? 'nav.dashboard')} · Provisio`);
  return (
    <nav aria-label={t('crumbs.label')} data-testid="breadcrumbs">
      <Breadcrumbs separatorMargin={6} fz="sm">
        <Anchor component={Link} to="/dashboard" c="dimmed" fz="sm" aria-label={t('crumbs.home')}>
          <IconHome size={16} style={{ verticalAlign: '-3px' }} /> {t('crumbs.home')}
        </Anchor>
        {trail.map((crumb, index) =>
          crumb.path && index < trail.length - 1 ? (
            <Anchor key={crumb.labelKey} component={Link} to={crumb.path} c="dimmed" fz="sm">
              {t(crumb.labelKey)}
            </Anchor>
          ) : (
            <Text key={crumb.labelKey} fz="sm" fw={500} aria-current="page">
              {t(crumb.labelKey)}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
