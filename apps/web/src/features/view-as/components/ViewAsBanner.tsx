import { Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStopViewing, useViewEndedByServer } from '../hooks/use-view-as';
import { useViewState } from '../view-state';
import classes from './view-as.module.css';

/**
 * Shown above every screen of the shell while an administrator views the portal as someone else (issue #18 item 4):
 * whose portal this is, who is looking and why, and the way back. Leaving ends the view session on the server.
 */
export function ViewAsBanner() {
  const { t } = useTranslation();
  const view = useViewState();
  const stop = useStopViewing();
  const [leaving, setLeaving] = useState(false);
  useViewEndedByServer();
  if (!view) return null;
  const back = async () => {
    setLeaving(true);
    try {
      await stop();
    } finally {
      setLeaving(false);
    }
  };
  return (
    <div className={classes.banner} role="status" aria-live="polite" data-testid="view-as-banner">
      <Group gap="sm" wrap="nowrap" className={classes.text}>
        <IconEye size={20} className={classes.icon} aria-hidden />
        <div>
          <Text fw={700} size="sm" data-testid="view-as-banner-who">
            {t('viewAs.banner', {
              name: view.viewed.name || view.viewed.username,
              username: view.viewed.username,
              role: t(`roles.${roleKey(view.viewed.role)}`, { defaultValue: view.viewed.role }),
            })}
          </Text>
          <Text size="xs" className={classes.detail} data-testid="view-as-banner-admin">
            {t('viewAs.bannerDetail', { admin: view.viewer.username, reason: view.reason })}
          </Text>
        </div>
      </Group>
      <Button
        size="xs"
        color="dark"
        variant="white"
        leftSection={<IconArrowBackUp size={16} />}
        onClick={() => void back()}
        loading={leaving}
        className={classes.back}
        data-testid="view-as-back"
      >
        {t('viewAs.back')}
      </Button>
    </div>
  );
}

const roleKey = (role: string) =>
  role === 'simple user' ? 'simpleUser' : role === 'reseller user' ? 'resellerUser' : 'admin';
