import { ColorInput, Group, Text } from '@mantine/core';
import { MIN_BRAND_CONTRAST, contrastWithWhite } from '@provisio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const HEX = /^#[0-9a-f]{6}$/i;

/** The contrast of a #rrggbb colour with white, or null while the colour is not one. */
export function contrastOf(color: string): number | null {
  return HEX.test(color) ? contrastWithWhite(color) : null;
}

interface ColorFieldProps {
  which: 'primary' | 'secondary';
  label: string;
  description: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's message for the field (a server refusal, a colour not written as #rrggbb). */
  error: ReactNode;
  disabled: boolean;
}

/** A brand colour with its contrast against white as it is typed, refused below MIN_BRAND_CONTRAST (WCAG AA). */
export function ColorField({ which, label, description, value, onChange, error, disabled }: ColorFieldProps) {
  const { t } = useTranslation();
  const ratio = contrastOf(value);
  const low = ratio !== null && ratio < MIN_BRAND_CONTRAST;
  const lowMessage = low ? t('msg:brandColorContrast', { field: t(`branding.${which}Word`), ratio }) : null;
  return (
    <div>
      <ColorInput
        label={label}
        description={description}
        format="hex"
        value={value}
        onChange={onChange}
        disabled={disabled}
        error={lowMessage ?? error}
        data-testid={`branding-${which}`}
      />
      <Group gap={6} mt={4}>
        <Text size="xs" c={low ? 'red.7' : 'dimmed'}>
          {t('branding.contrast')}
        </Text>
        <Text size="xs" fw={600} c={low ? 'red.7' : undefined} data-testid={`branding-contrast-${which}`}>
          {ratio === null ? '–' : `${ratio}:1`}
        </Text>
      </Group>
    </div>
  );
}
