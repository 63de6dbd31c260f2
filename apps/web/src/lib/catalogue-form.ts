import { useForm } from '@mantine/form';
import type { MessageKey } from '@provisio/contract';
import { useTranslation } from 'react-i18next';

export type CatalogueErrors<V> = Partial<Record<keyof V, MessageKey>>;

/**
 * @mantine/form with the contract's message catalogue: `validate` answers message keys (the words the server
 * uses for the same refusal), and `field(name)` gives an input its value, onChange and its error in the
 * current language (translated when shown, so a language switch also switches the errors on screen).
 */
// `any` is @mantine/form's own constraint on form values (an interface has no index signature).
export function useCatalogueForm<V extends Record<string, any>>(initialValues: V, validate: (values: V) => CatalogueErrors<V>) {
  const { t } = useTranslation();
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    clearInputErrorOnChange: true,
    validate: (values) => validate(values) as Record<string, string>,
  });
  const field = <K extends keyof V & string>(name: K) => {
    const { error, value, onChange, onFocus, onBlur } = form.getInputProps(name);
    return { value: value as V[K], onChange: onChange as (eventOrValue: unknown) => void, onFocus, onBlur, error: error ? t(`msg:${String(error)}`) : null };
  };
  return { form, field };
}
