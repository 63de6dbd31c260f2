import { Menu } from '@mantine/core';
import { IconLogout, IconSettings, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useStopViewing } from '../../features/view-as/hooks/use-view-as';
import { useCurrentUser } from '../use-current-user';
import { ProfileButton } from './ProfileButton';

/** The profile menu once it has been opened (ProfileMenu fetches this chunk on first use). */
export function ProfileMenuDropdown() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  // Signing out while viewing as someone (issue #18) ends the view first, then the administrator's own session.
  const stopViewing = useStopViewing();
  return (
    <Menu position="bottom-end" shadow="md" width={230} withinPortal defaultOpened>
      <Menu.Target>
        <ProfileButton />
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
          onClick={() => void stopViewing(false).then(logout)}
          data-testid="menu-logout"
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
