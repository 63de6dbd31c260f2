import { useForm } from '@mantine/form';
import { isMessageKey } from '@provisio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from './api';
import { notifyError } from './notify';
import { FORM_MESSAGE, type FormMessage, type Rule } from './form';

interface ContractFormOptions<V> {
  /** The screen shows one message for the whole form (the first, in the rules' order); any edit clears it. */
  oneMessage?: boolean;
  /**
   * A refusal of the server: shown by the API client as a toast (default), or as the form's message: the server's
   * words ('inline') or the page's choice of words for it (a key, or the server's words).
   */
  refusals?: 'toast' | 'inline' | ((error: ApiError) => string);
  /** Inline refusals: what to say when the call failed in this page itself (no reply of the server to show). */
  otherwise?: FormMessage;
  /** Values the messages may name ({{min}}): the contract's limits the screen shows. */
  params?: Record<string, string | number>;
  /** Told every edit (a value the page shares with a sibling form, such as the username of sign-in and reset). */
  onValuesChange?: (values: V) => void;
}

/**
 * The one form idiom of the portal: @mantine/form holding the values, checked on submit by rules built from the
 * contract's schemas (lib/form.ts), messages translated when shown (a language switch also switches the messages
 * on screen). The rules' schemas (and zod) are fetched when a field is first edited, and waited for before the
 * first validation (lib/form.ts `matches`), so a page shows without them. `submit(save, done)` runs the call: success goes to `done`, a refusal puts the server's field
 * errors next to the fields and its message where `refusals` says. Anything but an ApiError is a bug: it propagates.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- @mantine/form's own constraint on form values (an interface has no index signature)
export function useContractForm<V extends Record<string, any>>(
  initialValues: V,
  rule: NoInfer<Rule<V>>,
  options: ContractFormOptions<NoInfer<V>> = {},
) {
  const { t, i18n } = useTranslation();
  const { oneMessage = false, refusals = 'toast' } = options;
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    clearInputErrorOnChange: true,
    onValuesChange: (values) => {
      if (oneMessage) form.clearErrors();
      options.onValuesChange?.(values);
    },
    validate: (values) => rule(values) as Record<string, string>,
  });

  /** A catalogue key, a web key (with a dot), or the server's own words (a refusal, already translated). */
  const say = (error: ReactNode): string | null => {
    if (typeof error !== 'string' || error === '') return null;
    if (isMessageKey(error)) return t(`msg:${error}`, options.params);
    return i18n.exists(error) ? t(error, options.params) : error;
  };

  /**
   * Fetches the rules' schemas ahead of the first submit: on the first edit of a field (not its focus, which an
   * autofocused field gets as the page opens); a failure waits for the submit, which tries again.
   */
  const prefetch = () => void rule.load?.().catch(() => undefined);

  const field = <K extends keyof V & string>(name: K) => {
    const { error, value, onChange, onFocus, onBlur } = form.getInputProps(name);
    return {
      value: value as V[K],
      onChange: (eventOrValue: unknown) => {
        prefetch();
        (onChange as (eventOrValue: unknown) => void)(eventOrValue);
      },
      onFocus,
      onBlur,
      error: oneMessage ? null : say(error),
    };
  };

  const first = oneMessage ? Object.values(form.errors)[0] : form.errors[FORM_MESSAGE];
  const message = first ? say(first) : null;

  const refused = (error: unknown) => {
    if (!isApiError(error)) {
      if (refusals === 'toast') throw error;
      return form.setFieldError(FORM_MESSAGE, options.otherwise ?? 'errors.network');
    }
    // A 400 names the fields it refused (`user_details.firstName`): each goes next to its input.
    for (const f of error.fields) {
      const name = f.path.split('.').find((p) => p in form.values);
      if (name && !oneMessage) form.setFieldError(name, f.message);
    }
    if (refusals !== 'toast') form.setFieldError(FORM_MESSAGE, refusals === 'inline' ? error.message : refusals(error));
  };

  const submit = <T>(save: (values: V) => Promise<T>, done: (reply: T, values: V) => void | Promise<unknown>) => {
    const validateAndSave = form.onSubmit(async (values) => {
      let reply: T;
      try {
        reply = await save(values);
      } catch (error) {
        return refused(error);
      }
      await done(reply, values);
    });
    return (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      if (!rule.load) return validateAndSave();
      // The schemas first (at once when a field's focus fetched them): a rule never validates without them.
      form.setSubmitting(true);
      rule.load().then(
        () => {
          form.setSubmitting(false);
          validateAndSave();
        },
        () => {
          form.setSubmitting(false);
          if (refusals === 'toast') notifyError(t('errors.network'));
          else form.setFieldError(FORM_MESSAGE, options.otherwise ?? 'errors.network');
        },
      );
    };
  };

  return { form, field, message, submit, prefetch };
}
