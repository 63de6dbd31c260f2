import { z } from 'zod';
import { call } from './call';
import { LANGUAGES } from './messages';

/** The eight /settings_tab/* pages (spec §2); their content is ours (the spec does not show it). */
export const SETTINGS_TABS = [
  'appSettings',
  'accountSettings',
  'callControlSettings',
  'callGroupsSettings',
  'blockedNumbersSettings',
  'schedulesSettings',
  'voicemailSettings',
  'blfSettings',
] as const;
export const SettingsTab = z.enum(SETTINGS_TABS, { error: 'settingsTabUnknown' });
export type SettingsTab = z.infer<typeof SettingsTab>;

export const SETTINGS_LIMITS = { blockedNumbers: 100, schedules: 20, callGroups: 20, blfKeys: 60 } as const;

const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9*#]{2,20}$/, { error: 'phoneNumberInvalid' });
const optionalPhone = z.union([z.literal(''), phone]);
const time = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'scheduleInvalid' });
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const forward = z.strictObject({ enabled: z.boolean(), number: optionalPhone });
const forwardNeedsNumber = (f: { enabled: boolean; number: string }) => !f.enabled || f.number !== '';

export const AppSettingsValues = z.strictObject({
  language: z.enum(LANGUAGES),
  theme: z.enum(['system', 'light', 'dark']),
  ringtone: z.string().trim().min(1).max(60),
  vibrate: z.boolean(),
  start_on_boot: z.boolean(),
});
export const AccountSettingsValues = z.strictObject({
  display_name: z.string().trim().max(100),
  caller_id: optionalPhone,
  status_message: z.string().trim().max(140),
});
export const CallControlSettingsValues = z
  .strictObject({
    dnd: z.boolean(),
    call_waiting: z.boolean(),
    forward_always: forward,
    forward_busy: forward,
    forward_no_answer: forward.extend({ ring_seconds: z.number().int().min(5).max(120) }),
  })
  .refine((v) => [v.forward_always, v.forward_busy, v.forward_no_answer].every(forwardNeedsNumber), {
    error: 'forwardNumberRequired',
  });
/** Membership: the names of the call groups this extension rings in, chosen from the platform's groups. */
export const CallGroupsSettingsValues = z.strictObject({
  groups: z.array(z.string().trim().min(1).max(60)).max(SETTINGS_LIMITS.callGroups),
});
export const BlockedNumbersSettingsValues = z.strictObject({
  numbers: z.array(phone).max(SETTINGS_LIMITS.blockedNumbers),
  block_anonymous: z.boolean(),
});
export const Schedule = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'scheduleInvalid' }).max(60),
    days: z.array(z.enum(WEEKDAYS)).min(1, { error: 'scheduleInvalid' }).max(7),
    start: time,
    end: time,
    action: z.enum(['dnd', 'forward', 'voicemail']),
    forward_number: optionalPhone,
  })
  .refine((s) => s.start < s.end, { error: 'scheduleInvalid' })
  .refine((s) => s.action !== 'forward' || s.forward_number !== '', { error: 'forwardNumberRequired' });
export const SchedulesSettingsValues = z.strictObject({
  schedules: z.array(Schedule).max(SETTINGS_LIMITS.schedules),
});
export const VoicemailSettingsValues = z
  .strictObject({
    enabled: z.boolean(),
    pin: z.string().regex(/^[0-9]{4,10}$/, { error: 'voicemailPinInvalid' }),
    email_notification: z.boolean(),
    email: z.union([z.literal(''), z.email({ error: 'emailInvalid' })]),
    attach_audio: z.boolean(),
  })
  .refine((v) => !v.email_notification || v.email !== '', { error: 'voicemailEmailRequired' });
/** BLF keys are read-only here: they come from the client profile's BLF management (issue #5). */
export const BlfSettingsValues = z.strictObject({
  keys: z.array(z.object({ label: z.string(), number: z.string() })).max(SETTINGS_LIMITS.blfKeys),
});

export const SETTINGS_SCHEMAS = {
  appSettings: AppSettingsValues,
  accountSettings: AccountSettingsValues,
  callControlSettings: CallControlSettingsValues,
  callGroupsSettings: CallGroupsSettingsValues,
  blockedNumbersSettings: BlockedNumbersSettingsValues,
  schedulesSettings: SchedulesSettingsValues,
  voicemailSettings: VoicemailSettingsValues,
  blfSettings: BlfSettingsValues,
} as const;

export type SettingsValues<T extends SettingsTab> = z.infer<(typeof SETTINGS_SCHEMAS)[T]>;

/** getAppSettings / saveAppSettings need the `App-Token` header from appLogin or userInformation. */
export const GetAppSettingsBody = z.strictObject({ tab: SettingsTab });
export type GetAppSettingsBody = z.infer<typeof GetAppSettingsBody>;

export const SaveAppSettingsBody = z.discriminatedUnion(
  'tab',
  [
    z.strictObject({ tab: z.literal('appSettings'), values: AppSettingsValues }),
    z.strictObject({ tab: z.literal('accountSettings'), values: AccountSettingsValues }),
    z.strictObject({ tab: z.literal('callControlSettings'), values: CallControlSettingsValues }),
    z.strictObject({ tab: z.literal('callGroupsSettings'), values: CallGroupsSettingsValues }),
    z.strictObject({ tab: z.literal('blockedNumbersSettings'), values: BlockedNumbersSettingsValues }),
    z.strictObject({ tab: z.literal('schedulesSettings'), values: SchedulesSettingsValues }),
    z.strictObject({ tab: z.literal('voicemailSettings'), values: VoicemailSettingsValues }),
    z.strictObject({ tab: z.literal('blfSettings'), values: BlfSettingsValues }),
  ],
  { error: 'settingsTabUnknown' },
);
export type SaveAppSettingsBody = z.infer<typeof SaveAppSettingsBody>;

/**
 * What saving a tab does on this platform: `applied` (the SIP server enforces it at once: Kamailio's call control and
 * blocked numbers), `stored` (kept in the portal for the apps and the platform to read), `unavailable` (the platform
 * cannot make it take effect, so it cannot be changed; `availability_message` says why).
 */
export const SETTINGS_AVAILABILITY = ['applied', 'stored', 'unavailable'] as const;
export const SettingsAvailability = z.enum(SETTINGS_AVAILABILITY);
export type SettingsAvailability = z.infer<typeof SettingsAvailability>;

/**
 * `options`: choices the page offers (the call groups that exist); `read_only` for BLF keys and unavailable tabs;
 * `availability_message` in the caller's language when the tab is unavailable.
 */
export const AppSettingsReply = z.object({
  tab: SettingsTab,
  values: z.record(z.string(), z.unknown()),
  options: z.object({ groups: z.array(z.string()).optional() }),
  read_only: z.boolean(),
  availability: SettingsAvailability,
  availability_message: z.string().optional(),
  message: z.string().optional(),
});
export type AppSettingsReply = z.infer<typeof AppSettingsReply>;

/** The /settings_tab/* pages (issue #6): public to the portal's auth, signed in with the app account's `App-Token` header. */
export const appSettingsCalls = {
  getAppSettings: call({
    method: 'POST',
    path: '/getAppSettings',
    access: 'public',
    tags: ['end-user'],
    summary: "One settings tab of the app account's extension (defaults until saved)",
    body: GetAppSettingsBody,
    reply: AppSettingsReply,
  }),
  saveAppSettings: call({
    method: 'POST',
    path: '/saveAppSettings',
    access: 'public',
    tags: ['end-user'],
    summary: 'Save one settings tab (validated per tab); BLF keys are read-only here',
    body: SaveAppSettingsBody,
    reply: AppSettingsReply,
  }),
};
