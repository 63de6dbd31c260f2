import { Menu } from '@mantine/core';
import { LANGUAGES } from '@provisio/contract';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, changeLanguage, currentLanguage } from '../lib/i18n';
import { LanguageButton } from './LanguageButton';

/** The switcher once it has been opened: Mantine's menu (LanguageSwitcher fetches this chunk on first use). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={180} withinPortal defaultOpened>
      <Menu.Target>
        <LanguageButton />
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
