import { Button, Menu } from '@mantine/core';
import { LANGUAGES } from '@provisio/contract';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, changeLanguage, currentLanguage } from '../lib/i18n';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={180} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={<IconLanguage size={18} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={t('header.language')}
          data-testid="language-switcher"
          data-lang={i18n.language}
        >
          {lang.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            data-testid={`language-${code}`}
            rightSection={code === lang ? <IconCheck size={14} /> : null}
            onClick={() => void changeLanguage(code)}
          >
            {LANGUAGE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
