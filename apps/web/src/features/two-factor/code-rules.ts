import type { Rule } from '../../lib/form';

/** The contract's words for a malformed code, checked before the call (the server checks again). */
export const codeRule =
  <V extends Record<string, unknown>>(field: keyof V & string, recovery = false): Rule<V> =>
  (values) => {
    const v = String(values[field] ?? '').replace(/[\s-]/g, '');
    const ok = recovery ? /^[A-Za-z2-9]{12}$/.test(v) : /^\d{6}$/.test(v);
    return ok ? {} : ({ [field]: recovery ? 'twoFactorRecoveryMalformed' : 'twoFactorCodeMalformed' } as never);
  };
