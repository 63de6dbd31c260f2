import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileAvatar } from '../../components/ProfileAvatar';
import { roleLabelKey } from '../navigation';
import { useCurrentUser } from '../use-current-user';

/** The header's profile button: avatar, name and role. Menu.Target gives it its ref and handlers. */
export function ProfileButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <UnstyledButton aria-label={t('header.profileMenu')} aria-haspopup="menu" data-testid="profile-menu" {...props}>
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
  );
}
