import { isMessageKey, type MessageKey } from '@provisio/contract';
import type { z } from 'zod';
import { type Lazy, lazy } from './contract';

/**
 * What a form says about a field: a catalogue key (the words the server uses for the same refusal) or, for the
 * few texts only the web has, a key of the web's locale files (they have a dot, catalogue keys never do).
 */
export type FormMessage = MessageKey | `${string}.${string}`;
/** The form's messages by field; FORM_MESSAGE holds a message of the whole form (a refusal shown inline). */
export type FormErrors<V> = Partial<Record<(keyof V & string) | typeof FORM_MESSAGE, FormMessage>>;
/**
 * A form's rule: the messages for some values. A rule built on the contract's schemas carries `load`: the schemas
 * (and zod) are fetched when the form is first used, and useContractForm waits for them before it validates.
 */
export type Rule<V> = ((values: V) => FormErrors<V>) & { load?: () => Promise<unknown> };

export const FORM_MESSAGE = '_form';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** Fields that must not be left blank, each with the words the screen uses for it ('Fields with * are mandatory!'). */
export function required<V>(fields: Partial<Record<keyof V & string, FormMessage>>): Rule<V> {
  return (values) => {
    const errors: FormErrors<V> = {};
    for (const [name, message] of Object.entries(fields) as [keyof V & string, FormMessage][]) {
      if (blank(values[name])) errors[name] = message;
    }
    return errors;
  };
}

/**
 * The contract's schema decides: each field gets the first refusal of the schema the server parses the call with.
 * `input` builds what the schema reads from the form's values (default: the values); an issue belongs to the first
 * field its path names, an issue of no field to the whole form. The contract's messages are catalogue keys; a
 * refusal zod words itself (a length cap the inputs do not reach) says 'Some fields are missing or not valid.'.
 * `words` gives a field the screen's own words for any refusal of it.
 */
export function matches<V extends object>(
  schema: Lazy<z.ZodType>,
  input: (values: V) => unknown = (values) => values,
  words: Partial<Record<keyof V & string, FormMessage>> = {},
): Rule<V> {
  const rule: Rule<V> = (values) => {
    if (!schema.value) throw new Error('A form validated before its schema was loaded (useContractForm loads it)');
    const parsed = schema.value.safeParse(input(values));
    const errors: FormErrors<V> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      // The form may hold what the call does not take (a confirmation); the call's body is built from it later.
      if (issue.code === 'unrecognized_keys') continue;
      const name = issue.path.find((p): p is keyof V & string => typeof p === 'string' && p in values) ?? FORM_MESSAGE;
      errors[name] ??=
        (name !== FORM_MESSAGE && words[name]) || (isMessageKey(issue.message) ? issue.message : 'validationFailed');
    }
    return errors;
  };
  rule.load = schema.load;
  return rule;
}

/**
 * The first password of a portal user or a reseller user: the length the services check on create (the contract's
 * body leaves it optional because an edit sends none).
 */
export const NewAccountPassword = lazy(async () => (await import('./form-schemas')).accountPassword());

const passwordObjects = new WeakMap<Lazy<z.ZodType<string>>, Lazy<z.ZodType>>();

/** `{ password }` checked with the contract's rule for a new password (a Lazy of it, built once per rule). */
function passwordObject(password: Lazy<z.ZodType<string>>): Lazy<z.ZodType> {
  let object = passwordObjects.get(password);
  if (!object) {
    object = lazy(async () => {
      const [schemas, rule] = await Promise.all([import('./form-schemas'), password.load()]);
      return schemas.passwordObject(rule);
    });
    passwordObjects.set(password, object);
  }
  return object;
}

/** A field that must repeat another (a new password's confirmation). */
export function same<V>(field: keyof V & string, as: keyof V & string, message: FormMessage): Rule<V> {
  return (values) => (values[field] === values[as] ? {} : ({ [field]: message } as FormErrors<V>));
}

/**
 * A new password and its confirmation (reset and change pages, spec §5) in the order the user should hear it: both
 * fields, then the contract's rule for the password (the server parses the call with the same schema), then that
 * they match.
 */
export const newPasswordRules = (password: Lazy<z.ZodType<string>>) =>
  rules<{ password: string; confirm: string }>(
    required({ password: 'fillBothFields', confirm: 'fillBothFields' }),
    matches(passwordObject(password)),
    same('confirm', 'password', 'passwordsDoNotMatch'),
  );

/** The rules in the order given: a field keeps the first message any rule has for it, and so does the form. */
export function rules<V>(...list: (Rule<V> | false | undefined)[]): Rule<V> {
  const all = list.filter((rule): rule is Rule<V> => Boolean(rule));
  const rule: Rule<V> = (values) => {
    const errors: FormErrors<V> = {};
    for (const one of all) {
      for (const [name, message] of Object.entries(one(values)) as [keyof FormErrors<V>, FormMessage][])
        errors[name] ??= message;
    }
    return errors;
  };
  rule.load = () => Promise.all(all.map((one) => one.load?.()));
  return rule;
}
