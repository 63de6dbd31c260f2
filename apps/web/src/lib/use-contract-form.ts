import { useForm } from '@mantine/form';
import { isMessageKey } from '@provisio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api';
import { FORM_MESSAGE, type FormMessage, type Rule } from './form';

interface ContractFormOptions {
  /** The screen shows one message for the whole form (the first, in the rules' order); any edit clears it. */
  oneMessage?: boolean;
  /** A refusal of the server: shown by the API client as a toast (default), or as the form's message. */
  refusals?: 'toast' | 'inline';
  /** Inline refusals: what to say when the call failed in this page itself (no reply of the server to show). */
  otherwise?: FormMessage;
}

/**
 * The one form idiom of the portal: @mantine/form holding the values, checked on submit by rules built from the
 * contract's schemas (lib/form.ts), messages translated when shown (a language switch also switches the messages
 * on screen). `submit(save, done)` runs the call: success goes to `done`, a refusal puts the server's field
 * errors next to the fields and its message where `refusals` says. Anything but an ApiError is a bug: it propagates.
 */
// `any` is @mantine/form's own constraint on form values (an interface has no index signature).
export function useContractForm<V extends Record<string, any>>(initialValues: V, rule: Rule<V>, options: ContractFormOptions = {}) {
  const { t, i18n } = useTranslation();
  const { oneMessage = false, refusals = 'toast' } = options;
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    clearInputErrorOnChange: true,
    onValuesChange: oneMessage ? () => form.clearErrors() : undefined,
    validate: (values) => rule(values) as Record<string, string>,
  });

  /** A catalogue key, a web key (with a dot), or the server's own words (a refusal, already translated). */
  const say = (error: ReactNode): string | null => {
    if (typeof error !== 'string' || error === '') return null;
    if (isMessageKey(error)) return t(`msg:${error}`);
    return i18n.exists(error) ? t(error) : error;
  };

  const field = <K extends keyof V & string>(name: K) => {
    const { error, value, onChange, onFocus, onBlur } = form.getInputProps(name);
    return { value: value as V[K], onChange: onChange as (eventOrValue: unknown) => void, onFocus, onBlur, error: oneMessage ? null : say(error) };
  };

  const first = oneMessage ? Object.values(form.errors)[0] : form.errors[FORM_MESSAGE];
  const message = first ? say(first) : null;

  const refused = (error: unknown) => {
    if (!isApiError(error)) {
      if (refusals === 'inline') return form.setFieldError(FORM_MESSAGE, options.otherwise ?? 'errors.network');
      throw error;
    }
    // A 400 names the fields it refused (`user_details.firstName`): each goes next to its input.
    for (const f of error.fields) {
      const name = f.path.split('.').find((p) => p in form.values);
      if (name && !oneMessage) form.setFieldError(name, f.message);
    }
    if (refusals === 'inline') form.setFieldError(FORM_MESSAGE, error.message);
  };

  const submit = <T>(save: (values: V) => Promise<T>, done: (reply: T, values: V) => void | Promise<unknown>) =>
    form.onSubmit(async (values) => {
      let reply: T;
      try {
        reply = await save(values);
      } catch (error) {
        return refused(error);
      }
      await done(reply, values);
    });

  return { form, field, message, submit };
}
