import { Avatar, type AvatarProps } from '@mantine/core';
import defaultAvatar from '../assets/default-avatar.svg';

interface ProfileAvatarProps extends Omit<AvatarProps, 'src'> {
  /** Stored picture path; null (missing or the text 'null') shows the default picture. */
  url: string | null;
  name: string;
}

export function ProfileAvatar({ url, name, ...props }: ProfileAvatarProps) {
  const usable = url && url !== 'null' ? url : null;
  return (
    <Avatar src={usable ?? defaultAvatar} alt={name} data-default-picture={usable ? 'false' : 'true'} {...props} />
  );
}
