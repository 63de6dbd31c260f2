import { Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileAvatar } from '../../components/ProfileAvatar';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { roleLabelKey } from '../navigation';
import { useCurrentUser } from '../use-current-user';

export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" shadow="md" width={230} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.profileMenu')} data-testid="profile-menu">
          <Group gap={8} wrap="nowrap">
            <ProfileAvatar url={user.pictureUrl} name={user.name} radius="xl" size={36} data-testid="header-avatar" />
            <Box visibleFrom="sm" maw={160}>
              <Text size="sm" fw={600} truncate>
                {user.name || user.username}
              </Text>
              {user.role && (
                <Text size="xs" c="dimmed">
                  {t(roleLabelKey(user.role))}
                </Text>
              )}
            </Box>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {t('header.signedInAs')} {user.username}
        </Menu.Label>
        <Menu.Item
          component={Link}
          to="/userEdit"
          leftSection={<IconUserEdit size={16} />}
          data-testid="menu-edit-profile"
        >
          {t('header.editProfile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} disabled data-testid="menu-settings">
          {t('header.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
          data-testid="menu-logout"
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
