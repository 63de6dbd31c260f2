import { Box, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandLogo';

/** Covers the screen while the first data of a session loads. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="page-loader"
      role="status"
      aria-live="polite"
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 1000, display: 'grid', placeItems: 'center' }}
    >
      <Stack align="center" gap="md">
        <BrandMark size={48} />
        <Loader color="brand" type="dots" />
        <Text size="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      </Stack>
    </Box>
  );
}
