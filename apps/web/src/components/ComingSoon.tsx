import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface ComingSoonProps {
  /** i18n key of the screen's name, e.g. 'nav.resellers'. */
  screenKey: string;
}

/** The honest stand-in for screens that later releases build; the route, menu and guard are already real. */
export function ComingSoon({ screenKey }: ComingSoonProps) {
  const { t } = useTranslation();
  const screen = t(screenKey);
  return (
    <Stack gap="lg">
      <Title order={2}>{screen}</Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} data-testid="coming-soon">
        <Stack align="center" gap="md" maw={560} mx="auto" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="brand">
            <IconHourglassHigh size={32} stroke={1.5} />
          </ThemeIcon>
          <Title order={3}>{t('comingSoon.title')}</Title>
          <Text c="dimmed">{t('comingSoon.body', { screen })}</Text>
          <Button component={Link} to="/dashboard" variant="light">
            {t('comingSoon.back')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
