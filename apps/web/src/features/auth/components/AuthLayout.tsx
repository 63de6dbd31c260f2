import { Box, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, IconDeviceMobile, IconLicense } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { usePublicConfig } from '../api/get-public-config';

/** The split screen of the public sign-in pages: product story on the left, the form on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  const points = [
    { icon: IconBuildingSkyscraper, text: t('auth.heroPointTenants') },
    { icon: IconDeviceMobile, text: t('auth.heroPointApps') },
    { icon: IconLicense, text: t('auth.heroPointLicences') },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100dvh">
      <Box
        visibleFrom="md"
        p={56}
        style={{
          background: 'radial-gradient(circle at 20% 10%, #5b7af5 0%, #4466f2 35%, #2a45b8 75%, #1f3696 100%)',
          color: 'white',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <BrandLogo tone="light" size={36} />
        <Stack gap="lg" maw={460}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            {t('auth.heroTitle')}
          </Title>
          <Text c="rgba(255,255,255,0.82)" size="lg">
            {t('auth.heroBody')}
          </Text>
          <List spacing="md" center>
            {points.map(({ icon: Icon, text }) => (
              <List.Item
                key={text}
                icon={
                  <ThemeIcon size={34} radius="md" color="rgba(255,255,255,0.16)">
                    <Icon size={18} />
                  </ThemeIcon>
                }
              >
                <Text c="white">{text}</Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" c="rgba(255,255,255,0.6)">
          {t('app.tagline')}
        </Text>
      </Box>
      <Stack bg="#f4f6fb" p={{ base: 'md', sm: 'xl' }} justify="space-between" gap="lg">
        <Group justify="space-between">
          <Box hiddenFrom="md">
            <BrandLogo size={30} />
          </Box>
          <Box ml="auto">
            <LanguageSwitcher />
          </Box>
        </Group>
        <Paper shadow="md" p={{ base: 'lg', sm: 40 }} w="100%" maw={440} mx="auto" radius="lg" withBorder>
          {children}
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          {t('app.copyright', { year: new Date().getFullYear() })}
          {config ? ` · ${t('app.version', { version: config.version })}` : ''}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}
