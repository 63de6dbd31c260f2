import fs from 'node:fs';
import { PROFILE_FIELDS, type ProfileSettingName } from '@provisio/contract';

/**
 * The one mapping from client-profile settings to Acrobits account XML keys (softphone-provisioning notes §2).
 * Keys confirmed by an Acrobits source [V] or by third-party code that feeds the app [3P] live here. Keys the notes
 * mark unconfirmed [I] live in the operator-editable JSON file (PROVISIONING_KEY_MAP, default
 * apps/server/provisioning-keys.json), read at start; that file may also override a key below. A null key leaves
 * the setting out of the XML.
 */
export const VERIFIED_KEYS: Partial<Record<ProfileSettingName, string>> = {
  expires: 'expires', // V A7; S1 validator min 30 (the contract's range follows it)
  usercallerid: 'userCallerId', // V D1 (Credentials: sent in the From of outgoing INVITEs)
  ringingtone: 'ringingTone', // 3P T1,T3
  allowmessage: 'allowMessage', // V A7
  allowvideo: 'allowVideo', // V A7
  autoanswerenabled: 'autoAnswerEnabled', // V A7
  codecorder: 'codecOrder', // V A7,A8 (RTP payload numbers)
  codecorder3g: 'codecOrder3G', // V A7
  dtmforder: 'dtmfOrder', // V A7
  dtmfall: 'dtmfAll', // V A7
  keepalive: 'keepAlive', // V A7
  keepaliveperiod: 'keepAlivePeriod', // V A7; S1 validator min 5
  nattraversal: 'natTraversal', // V (auto) / 3P (ice)
  ptime: 'ptime', // V A7
  ptime3g: 'ptime3G', // V A7
  forceptime: 'forcePtime', // V A7
  forceptime3g: 'forcePtime3G', // V A7
  rtpportrangestart: 'rtpPortRangeStart', // V A7
  rtpportrangeend: 'rtpPortRangeEnd', // V A7
  sendaudioback: 'sendAudioBack', // V A7
  sipisregserver: 'sipisRegServer', // 3P T4
  stun: 'STUN', // 3P T1,T2
  stunusername: 'STUNUsername', // 3P T1
  stunpassword: 'STUNPassword', // 3P T1
  subscribeforvoicemail: 'subscribeForVoicemail', // 3P T1
  voicemailnumber: 'voiceMailNumber', // 3P T1,T2
  videocodecorder: 'videoCodecOrder', // V A7
  videocodecorder3g: 'videoCodecOrder3G', // V A7
  videodimswifi: 'videoDimsWifi', // V A7
  videodims3g: 'videoDims3G', // V A7
  videomaxkbpswifi: 'videoMaxKbpsWifi', // V A7
  videomaxkbps3g: 'videoMaxKbps3G', // V A7
  videominkbpswifi: 'videoMinKbpsWifi', // V A7
  videominkbps3g: 'videoMinKbps3G', // V A7
  listeningport: 'listeningPort', // V A7
  honortheircodeclistwifi: 'honorTheirCodecListWiFi', // V A7
  honortheircodeclist3g: 'honorTheirCodecList3G', // V A7
  ignoresymmetricnat: 'ignoreSymmetricNat', // 3P T1
  requiresregistrationforoutgoingcalls: 'requiresRegistrationForOutgoingCalls', // V A7
  contactip: 'contactIP', // V A7
};

/** Settings that only the portal uses; they never go into the XML. */
export const PORTAL_ONLY: ReadonlySet<ProfileSettingName> = new Set(['exporter_id', 'email', 'outboundproxyenabled']);

/**
 * The JSON entry naming the element for a subscriber's BLF keys. No Acrobits source we could read documents BLF
 * account keys (D1's "Busy Lamp Field" section is unreadable), so BLF is left out unless an operator names an element
 * here after confirming it with Acrobits (docs/provisioning.md).
 */
export const BLF_ENTRY = '$blf';

export interface KeyMap {
  keys: Partial<Record<ProfileSettingName, string>>;
  /** Element name of the BLF key list, or null to leave BLF keys out. */
  blf: string | null;
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Reads the operator's JSON over the verified keys; every problem is listed, so the server refuses to start. */
export function loadKeyMap(file: string): KeyMap {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`PROVISIONING_KEY_MAP: cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Error(`PROVISIONING_KEY_MAP: ${file} must hold a JSON object`);
  const keys: Partial<Record<ProfileSettingName, string>> = { ...VERIFIED_KEYS };
  let blf: string | null = null;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (name.startsWith('$comment')) continue;
    if (value !== null && (typeof value !== 'string' || !XML_NAME.test(value))) {
      problems.push(`${name}: must be an XML element name or null`);
      continue;
    }
    if (name === BLF_ENTRY) blf = value;
    else if (!(name in PROFILE_FIELDS) || PORTAL_ONLY.has(name as ProfileSettingName))
      problems.push(`${name}: not a client-profile setting that goes into the XML`);
    else if (value === null) delete keys[name as ProfileSettingName];
    else keys[name as ProfileSettingName] = value;
  }
  if (problems.length) throw new Error(`PROVISIONING_KEY_MAP ${file}:\n  ${problems.join('\n  ')}`);
  return { keys, blf };
}
