import { NumberInput, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type FieldBinding, asBool, asNumber, asString, getAt } from '../../settings-values';

const testId = (path: string) => `setting-${path.replace(/\./g, '-')}`;

export function SwitchField({ form, path, label }: { form: FieldBinding; path: string; label: string }) {
  return (
    <Switch
      size="md"
      label={label}
      checked={asBool(getAt(form.values, path))}
      onChange={(event) => form.set(path, event.currentTarget.checked)}
      data-testid={testId(path)}
    />
  );
}

export function TextField({
  form,
  path,
  label,
  phone,
  type,
}: {
  form: FieldBinding;
  path: string;
  label: string;
  phone?: boolean;
  type?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="md"
      label={label}
      type={type ?? (phone ? 'tel' : 'text')}
      inputMode={phone ? 'tel' : undefined}
      placeholder={phone ? t('endUser.settings.phonePlaceholder') : undefined}
      value={asString(getAt(form.values, path))}
      onChange={(event) => form.set(path, event.currentTarget.value)}
      data-testid={testId(path)}
    />
  );
}

export function NumberField({
  form,
  path,
  label,
  min,
  max,
}: {
  form: FieldBinding;
  path: string;
  label: string;
  min: number;
  max: number;
}) {
  return (
    <NumberInput
      size="md"
      label={label}
      min={min}
      max={max}
      allowDecimal={false}
      value={asNumber(getAt(form.values, path), min)}
      onChange={(value) => form.set(path, typeof value === 'number' ? value : Number(value) || min)}
      data-testid={testId(path)}
    />
  );
}
