import { Button } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';

/** The switcher's button: the current language's code. Menu.Target gives it its ref and handlers. */
export function LanguageButton(props: ComponentPropsWithRef<'button'>) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="gray"
      px="xs"
      leftSection={<IconLanguage size={18} />}
      rightSection={<IconChevronDown size={14} />}
      aria-label={t('header.language')}
      aria-haspopup="menu"
      data-testid="language-switcher"
      data-lang={i18n.language}
      {...props}
    >
      {currentLanguage().toUpperCase()}
    </Button>
  );
}
