import { Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileAvatar } from '../../../components/ProfileAvatar';
import { notifyError } from '../../../lib/notify';
import { IMAGE_ACCEPT, checkImage } from './image-check';

interface PicturePickerProps {
  currentUrl: string | null;
  name: string;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** Shows the saved picture, or a preview of the chosen one before it is saved. */
export function PicturePicker({ currentUrl, name, file, onChange }: PicturePickerProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    const problem = checkImage(chosen);
    if (problem) return notifyError(t(`msg:${problem}`));
    onChange(chosen);
  };

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <ProfileAvatar
        url={preview ?? currentUrl}
        name={name}
        size={96}
        radius={96}
        data-testid="profile-picture-preview"
      />
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('profile.picture')}
        </Text>
        <Group gap="xs">
          <FileButton
            onChange={choose}
            accept={IMAGE_ACCEPT}
            inputProps={{ 'aria-label': t('profile.picture'), 'data-testid': 'profile-picture-input' } as object}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhoto size={14} />}
                data-testid="profile-picture-button"
              >
                {t('profile.choosePicture')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconX size={14} />}
              onClick={() => onChange(null)}
            >
              {t('profile.clearPicture')}
            </Button>
          )}
        </Group>
        {file ? (
          <Badge variant="light" color="orange" data-testid="profile-picture-pending">
            {t('profile.pictureNotSaved')}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            {t('profile.pictureHint')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
