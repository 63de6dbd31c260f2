import { Anchor, Box, Container, Group, Paper, Text } from '@mantine/core';
import type { PublicBranding } from '@provisio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { brandFromUrl, usePublicBranding, useShowBrand } from '../lib/brand';
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
 * browser or inside the app, so it is one column, a slim header and no admin shell. A reseller's brand (issue #19),
 * found by the host name or the link's `brand`, replaces Provisio's name, logo and colours, and adds its support.
 */
export function EndUserLayout({ children, width = 460, card = true, testId }: EndUserLayoutProps) {
  const { search } = useLocation();
  const { data: brand } = usePublicBranding(brandFromUrl(search));
  useShowBrand(brand);
  return (
    <Box mih="100dvh" bg="#f4f6fb" data-testid={testId}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size={width} px="md" py={10}>
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo size={26} brand={brand} testId="enduser-brand" />
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
        {brand && <SupportLine brand={brand} />}
      </Container>
    </Box>
  );
}

function SupportLine({ brand }: { brand: PublicBranding }) {
  const { t } = useTranslation();
  const { support_email: email, support_phone: phone } = brand;
  if (!email && !phone) return null;
  const contacts = (
    <>
      {email && (
        <Anchor href={`mailto:${email}`} c="secondary.6" inherit>
          {email}
        </Anchor>
      )}
      {email && phone && ' · '}
      {phone && (
        <Anchor href={`tel:${phone.replace(/[^0-9+]/g, '')}`} c="secondary.6" inherit>
          {phone}
        </Anchor>
      )}
    </>
  );
  // The catalogue's words (the emails' footer says the same), with the contacts as links in place of {{contacts}}.
  const [before = '', after = ''] = t('msg:brandFooterSupport', { contacts: '\u0000' }).split('\u0000');
  return (
    <Text component="footer" size="sm" c="dimmed" ta="center" mt="md" data-testid="enduser-brand-support">
      {before}
      {contacts}
      {after}
    </Text>
  );
}
