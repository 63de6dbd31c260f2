import type { AppSettingsReply, MessageKey, SaveAppSettingsBody, SettingsTab } from '@provisio/contract';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { readBlfKeys } from '../client-profiles/blf-keys';
import { effectiveProfile } from '../client-profiles/effective-profile';
import { findExtension } from '../extensions/extensions.repository';
import type { AppSettingsStore, TabAvailability } from '../../platform/connector';
import type { AppCaller } from '../app-auth/app-sessions';

interface Extension {
  firstname: string;
  lastname: string;
  domain: string;
  pin: string;
}

/** What a tab shows before the user ever saved it. */
function defaults(tab: SettingsTab, ext: Extension, who: AppCaller): Record<string, unknown> {
  const off = { enabled: false, number: '' };
  switch (tab) {
    case 'appSettings':
      return { language: 'en', theme: 'system', ringtone: 'Default', vibrate: true, start_on_boot: true };
    case 'accountSettings':
      return { display_name: `${ext.firstname} ${ext.lastname}`.trim(), caller_id: '', status_message: '' };
    case 'callControlSettings':
      return {
        dnd: false,
        call_waiting: true,
        forward_always: off,
        forward_busy: off,
        forward_no_answer: { ...off, ring_seconds: 20 },
      };
    case 'callGroupsSettings':
      return { groups: [] };
    case 'blockedNumbersSettings':
      return { numbers: [], block_anonymous: false };
    case 'schedulesSettings':
      return { schedules: [] };
    case 'voicemailSettings':
      return {
        enabled: true,
        pin: /^[0-9]{4,10}$/.test(ext.pin) ? ext.pin : '',
        email_notification: false,
        email: who.username,
        attach_audio: false,
      };
    case 'blfSettings':
      return { keys: [] };
  }
}

async function extensionOf(deps: Deps, who: AppCaller): Promise<Extension> {
  const ext = await findExtension(deps.db.kysely, who.tenantId, who.extension);
  if (!ext) throw new AppError('not_signed_in', 'appSessionRequired');
  return ext;
}

/** BLF keys come from the client profile that applies to the extension (issue #5's BLF management), read-only. */
async function blfKeys(deps: Deps, who: AppCaller, ext: Extension): Promise<Record<string, unknown>> {
  const found = await effectiveProfile(deps.db.kysely, who.tenantId, ext.domain);
  if (!found) return { keys: [] };
  const keys = await readBlfKeys(deps.db.kysely, {
    profileId: found.profile.id,
    tenantId: who.tenantId,
    extension: who.extension,
  });
  return {
    keys: keys.map((k) => ({ label: k.label || `${k.firstname} ${k.lastname}`.trim() || k.target, number: k.target })),
  };
}

function store(deps: Deps) {
  const s = deps.connector.appSettings;
  if (!s) throw new AppError('forbidden', 'platformCannotWrite');
  return s;
}

/** What saving the tab does on this platform (connector.ts TabAvailability); BLF keys are shown, never saved. */
function availabilityOf(s: AppSettingsStore, tab: SettingsTab): TabAvailability {
  return s.availability?.(tab) ?? { availability: 'stored' };
}

/** The reply before translation: `availability_message` is the catalogue key of an unavailable tab's reason. */
export type SettingsView = Omit<AppSettingsReply, 'availability_message' | 'message'> & { reason?: MessageKey };

export async function getAppSettings(deps: Deps, who: AppCaller, tab: SettingsTab): Promise<SettingsView> {
  const ext = await extensionOf(deps, who);
  if (tab === 'blfSettings')
    return { tab, values: await blfKeys(deps, who, ext), options: {}, read_only: true, availability: 'stored' };
  const s = store(deps);
  const saved = await s.get(who.tenantId, who.extension, tab);
  const options = tab === 'callGroupsSettings' ? { groups: await s.callGroups(who.tenantId) } : {};
  const a = availabilityOf(s, tab);
  const values = { ...defaults(tab, ext, who), ...(saved ?? {}) };
  if (a.availability === 'unavailable')
    return { tab, values, options, read_only: true, availability: a.availability, reason: a.reason };
  return { tab, values, options, read_only: false, availability: a.availability };
}

/**
 * Stores one tab through the platform connector; the values were validated by the tab's schema already. A tab the
 * platform cannot make take effect is refused (403 with the reason), never stored silently.
 */
export async function saveAppSettings(deps: Deps, who: AppCaller, body: SaveAppSettingsBody): Promise<SettingsView> {
  if (body.tab === 'blfSettings') throw new AppError('forbidden', 'settingsReadOnly');
  const s = store(deps);
  const a = availabilityOf(s, body.tab);
  if (a.availability === 'unavailable') throw new AppError('forbidden', a.reason);
  if (body.tab === 'callGroupsSettings') {
    const known = new Set(await s.callGroups(who.tenantId));
    const unknown = body.values.groups.find((g) => !known.has(g));
    if (unknown) throw new AppError('validation_failed', 'callGroupUnknown', { group: unknown });
    body.values.groups = [...new Set(body.values.groups)];
  }
  await s.save(who.tenantId, who.extension, body.tab, body.values as Record<string, unknown>);
  return getAppSettings(deps, who, body.tab);
}
