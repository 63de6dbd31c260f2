import { Box, Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from './BrandLogo';
import { LanguageSwitcher } from './LanguageSwitcher';

interface EndUserLayoutProps {
  children: ReactNode;
  /** Wide pages (call history, settings) use more room on a desktop; phones always get the full width. */
  width?: number;
  /** Forms sit on a card; lists use the whole column. */
  card?: boolean;
  testId?: string;
}

/**
 * The frame of the end-user pages (app sign-in, QR, call history, settings, live calls): they open in a phone's
 * browser or inside the app, so it is one column, a slim header and no admin shell.
 */
export function EndUserLayout({ children, width = 460, card = true, testId }: EndUserLayoutProps) {
  return (
    <Box mih="100dvh" bg="#f4f6fb" data-testid={testId}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size={width} px="md" py={10}>
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo size={26} />
            <LanguageSwitcher />
          </Group>
        </Container>
      </Box>
      <Container size={width} px={{ base: 'sm', xs: 'md' }} py="md" component="main">
        {card ? (
          <Paper p={{ base: 'md', xs: 'xl' }} radius="lg" withBorder shadow="xs">
            {children}
          </Paper>
        ) : (
          children
        )}
      </Container>
    </Box>
  );
}
