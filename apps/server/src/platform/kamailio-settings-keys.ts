import type { SettingsValues } from '@provisio/contract';
import type { Generated } from 'kysely';

/**
 * Kamailio's `provisio_call_settings` table (deploy/kamailio/provisio-extra.sql): htable's standard columns, loaded
 * into the htable `cs` and reloaded by the RPC `htable.reload ["cs"]`. value_type 0 = string, 1 = integer.
 */
export type CallSettingsSchema = {
  provisio_call_settings: {
    id: Generated<number>;
    key_name: string;
    key_type: number;
    value_type: number;
    key_value: string;
    expires: number;
  };
};

/** One key of an AOR, as written to the table. */
export interface CallSettingKey {
  key_name: string;
  value_type: 0 | 1;
  key_value: string;
}

/** The keys of one AOR whose names do not carry a number (the blocked numbers are `block::<aor>::<number>`). */
export const FIXED_KEYS = ['dnd', 'fwd_always', 'fwd_busy', 'fwd_na', 'fwd_na_t', 'nocw', 'block_anon'] as const;

const flag = (name: string, aor: string): CallSettingKey => ({
  key_name: `${name}::${aor}`,
  value_type: 1,
  key_value: '1',
});
const text = (name: string, aor: string, value: string): CallSettingKey => ({
  key_name: `${name}::${aor}`,
  value_type: 0,
  key_value: value,
});

/**
 * What Kamailio enforces for one AOR (`<extension>@<sip domain>`), from the call control and blocked numbers tabs as
 * the portal holds them (null: never saved, i.e. the defaults, which need no key). The agreed keys (common brief):
 * dnd, fwd_always, fwd_busy, fwd_na + fwd_na_t, nocw (call waiting off), block::<aor>::<number>, block_anon.
 */
export function callSettingKeys(
  aor: string,
  callControl: SettingsValues<'callControlSettings'> | null,
  blocked: SettingsValues<'blockedNumbersSettings'> | null,
): CallSettingKey[] {
  const keys: CallSettingKey[] = [];
  if (callControl) {
    if (callControl.dnd) keys.push(flag('dnd', aor));
    if (!callControl.call_waiting) keys.push(flag('nocw', aor));
    if (callControl.forward_always.enabled) keys.push(text('fwd_always', aor, callControl.forward_always.number));
    if (callControl.forward_busy.enabled) keys.push(text('fwd_busy', aor, callControl.forward_busy.number));
    const na = callControl.forward_no_answer;
    if (na.enabled)
      keys.push(text('fwd_na', aor, na.number), {
        key_name: `fwd_na_t::${aor}`,
        value_type: 1,
        key_value: String(na.ring_seconds),
      });
  }
  if (blocked) {
    for (const n of new Set(blocked.numbers))
      keys.push({ key_name: `block::${aor}::${n}`, value_type: 1, key_value: '1' });
    if (blocked.block_anonymous) keys.push(flag('block_anon', aor));
  }
  return keys;
}

/** A LIKE pattern matching `block::<aor>::` followed by anything (ESCAPE '\'). */
export function blockedPattern(aor: string): string {
  return `block::${aor.replace(/[\\%_]/g, (c) => `\\${c}`)}::%`;
}
