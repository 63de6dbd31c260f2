import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { LIMITS } from '@provisio/contract';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A new logo to send: the file's name and bytes in base64; null removes the logo, undefined keeps it. */
export type LogoChange = { filename: string; data_base64: string } | null | undefined;

/** The file's bytes as a data: URL (shown at once) and as the base64 the call sends. */
function readFile(file: File): Promise<{ url: string; base64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ url, base64: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

interface LogoFieldProps {
  /** The saved logo's address. */
  current: string | null;
  change: LogoChange;
  onChange: (change: LogoChange, shown: string | null) => void;
  disabled: boolean;
}

/** The logo: the one shown now (saved or just chosen) with a remove button, and a picker for a new one. */
export function LogoField({ current, change, onChange, disabled }: LogoFieldProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const logo = change === null ? null : (shown ?? current);

  const pick = async (picked: File | null) => {
    setError(null);
    setFile(picked);
    if (!picked) {
      setShown(null);
      return onChange(undefined, current);
    }
    if (picked.size > LIMITS.logoMaxBytes) {
      setFile(null);
      return setError(t('msg:logoTooLarge'));
    }
    const { url, base64 } = await readFile(picked);
    setShown(url);
    onChange({ filename: picked.name, data_base64: base64 }, url);
  };

  const remove = () => {
    setFile(null);
    setShown(null);
    onChange(current ? null : undefined, null);
  };

  return (
    <Stack gap={6}>
      <FileInput
        label={t('branding.logo')}
        description={t('branding.logoHint')}
        placeholder={t('branding.logoPlaceholder')}
        accept="image/*"
        clearable
        value={file}
        onChange={(picked) => void pick(picked)}
        leftSection={<IconPhoto size={16} />}
        error={error}
        disabled={disabled}
        // On the file input itself, so a test can hand it a file (Playwright's setInputFiles, userEvent.upload).
        fileInputProps={{ 'data-testid': 'branding-logo' } as ComponentProps<'input'>}
      />
      {logo && (
        <Group gap="sm">
          <img src={logo} alt={t('branding.logoCurrent')} height={40} style={{ maxWidth: 160, objectFit: 'contain' }} />
          {!disabled && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={remove}
              data-testid="branding-logo-remove"
            >
              {t('branding.logoRemove')}
            </Button>
          )}
        </Group>
      )}
      {change === null && (
        <Text size="xs" c="dimmed">
          {t('branding.logoRemoved')}
        </Text>
      )}
    </Stack>
  );
}
