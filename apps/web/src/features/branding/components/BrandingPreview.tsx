import { Anchor, Box, Button, Group, Paper, Text } from '@mantine/core';
import { DEFAULT_BRAND_COLORS } from '@provisio/contract';
import { useTranslation } from 'react-i18next';

const HEX = /^#[0-9a-f]{6}$/i;

interface BrandingPreviewProps {
  name: string;
  logo: string | null;
  primary: string;
  secondary: string;
}

/** What the brand looks like: the header in the primary colour, a link and a button in the secondary one. */
export function BrandingPreview({ name, logo, primary, secondary }: BrandingPreviewProps) {
  const { t } = useTranslation();
  const main = HEX.test(primary) ? primary : DEFAULT_BRAND_COLORS.primary;
  const second = HEX.test(secondary) ? secondary : DEFAULT_BRAND_COLORS.secondary;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="branding-preview">
      <Group gap="sm" px="md" py="sm" wrap="nowrap" style={{ background: main }}>
        {logo && <img src={logo} alt="" height={28} style={{ maxWidth: 112, objectFit: 'contain' }} />}
        <Text c="white" fw={700} truncate>
          {name || t('branding.previewName')}
        </Text>
      </Group>
      <Box p="md">
        <Text size="sm" c="dimmed" mb="xs">
          {t('branding.previewText')}
        </Text>
        <Group gap="md">
          <Anchor component="span" style={{ color: second }} fw={600}>
            {t('branding.previewLink')}
          </Anchor>
          <Button size="xs" style={{ background: second }}>
            {t('branding.previewButton')}
          </Button>
        </Group>
      </Box>
    </Paper>
  );
}
