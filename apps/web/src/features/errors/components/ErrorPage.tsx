import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';

export const ERROR_CODES = [400, 401, 403, 404, 500, 503] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The static error pages of spec §2, each with a way back to the dashboard. */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="#f4f6fb" data-testid={`error-page-${code}`}>
      <Stack align="center" gap="lg" maw={520} ta="center">
        <BrandLogo size={28} />
        <Text
          component="p"
          fw={900}
          lh={1}
          fz={{ base: 96, sm: 140 }}
          variant="gradient"
          gradient={{ from: 'brand', to: 'secondary', deg: 45 }}
          aria-label={t('errors.code', { code })}
          m={0}
        >
          {code}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t(`errors.${code}.title`)}
        </Title>
        <Text c="dimmed" size="lg">
          {t(`errors.${code}.body`)}
        </Text>
        <Button component={Link} to="/dashboard" size="md" leftSection={<IconArrowLeft size={18} />}>
          {t('errors.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
