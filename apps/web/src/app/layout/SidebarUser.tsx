import { Badge, Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileAvatar } from '../../components/ProfileAvatar';
import { roleLabelKey } from '../navigation';
import type { CurrentUser } from '../use-current-user';
import classes from './layout.module.css';

export function SidebarUser({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to="/userEdit" className={classes.userBlock} data-testid="sidebar-user" onClick={onNavigate}>
      <ProfileAvatar url={user.pictureUrl} name={user.name} size={46} radius="xl" data-testid="sidebar-avatar" />
      <Box miw={0}>
        <Text c="white" fw={600} truncate data-testid="sidebar-user-name">
          {user.name || user.username}
        </Text>
        {user.role && (
          <Badge variant="light" color="secondary" size="sm" mt={4} data-testid="sidebar-user-type">
            {t(roleLabelKey(user.role))}
          </Badge>
        )}
      </Box>
    </Link>
  );
}
