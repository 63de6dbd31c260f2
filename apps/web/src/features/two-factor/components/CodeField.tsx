import { TextInput, type TextInputProps } from '@mantine/core';

/** A one-time code: the browser and phone offer codes they received (autocomplete one-time-code), digits keyboard. */
export function CodeField(props: TextInputProps) {
  return (
    <TextInput
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      placeholder="123 456"
      size="md"
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
      {...props}
    />
  );
}
