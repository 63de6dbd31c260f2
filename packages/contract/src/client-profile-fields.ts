import type { MessageKey } from './messages';

/**
 * Every client-profile setting of spec §3 (besides the columns profile_name, tenant_id, domain, proxy, transport),
 * in one table: the server's schema, the web form (sections, inputs, ranges, help) and the provisioning XML all
 * read it. Values are strings as the spec sends them: flags '1'/'0', numbers as digits, lists comma-separated.
 * An empty value means "not set": the app keeps its own default and the XML leaves the key out.
 */
export const PROFILE_SECTIONS = ['account', 'network', 'audio', 'opus', 'video', 'features'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** Option sets that getDefaults answers and that lists and choices are checked against. */
export type OptionSetName =
  | 'transport'
  | 'outboundproxytransport'
  | 'audioCodecs'
  | 'webrtcCodecs'
  | 'dtmf'
  | 'videoCodecs'
  | 'natTraversal'
  | 'videoDims'
  | 'opusBand';

export type ProfileFieldSpec =
  | { kind: 'text'; section: ProfileSection; max: number; email?: true; ip?: true }
  | { kind: 'flag'; section: ProfileSection }
  /** Digits only; `chars` is the spec's input limit, min/max the allowed range; `tooLong` a message of its own. */
  | { kind: 'number'; section: ProfileSection; min: number; max: number; chars: number; tooLong?: MessageKey }
  | { kind: 'choice'; section: ProfileSection; options: OptionSetName; chars?: number }
  /** An ordered list built from the option set, stored comma-separated. */
  | { kind: 'list'; section: ProfileSection; options: OptionSetName };

const text = (section: ProfileSection, max: number): ProfileFieldSpec => ({ kind: 'text', section, max });
const flag = (section: ProfileSection): ProfileFieldSpec => ({ kind: 'flag', section });
const num = (
  section: ProfileSection,
  min: number,
  max: number,
  chars: number,
  tooLong?: MessageKey,
): ProfileFieldSpec =>
  tooLong ? { kind: 'number', section, min, max, chars, tooLong } : { kind: 'number', section, min, max, chars };
const list = (section: ProfileSection, options: OptionSetName): ProfileFieldSpec => ({
  kind: 'list',
  section,
  options,
});
const choice = (section: ProfileSection, options: OptionSetName, chars?: number): ProfileFieldSpec =>
  chars ? { kind: 'choice', section, options, chars } : { kind: 'choice', section, options };

const opus = (prefix: 'opusoptions' | 'opusoptions3g') => ({
  [`${prefix}class`]: choice('opus', 'opusBand', 2),
  [`${prefix}bandwidth`]: choice('opus', 'opusBand', 2),
  [`${prefix}bitrate`]: num('opus', 6000, 510000, 6),
  [`${prefix}complexity`]: num('opus', 0, 10, 2),
  [`${prefix}expectedpacketloss`]: num('opus', 0, 100, 3),
  [`${prefix}fec`]: flag('opus'),
  [`${prefix}dtx`]: flag('opus'),
  [`${prefix}vbr`]: flag('opus'),
});

export const PROFILE_FIELDS = {
  // Account and server (after profile name, tenant, domain, proxy and transport)
  outboundproxyenabled: flag('account'),
  outboundproxyhost: text('account', 255),
  outboundproxytransport: choice('account', 'outboundproxytransport'),
  // Ranges follow the SDK's validators (accountDefaults.xml): expires min 30, keepAlivePeriod min 5, ports 1-65535,
  // Opus bitrate 6000-510000, expected packet loss 0-100; the app refuses an account with a value outside them.
  expires: num('account', 30, 999, 3, 'expiresMax'),
  usercallerid: text('account', 100),
  requiresregistrationforoutgoingcalls: flag('account'),
  sipisregserver: text('account', 255),
  sipishostprefixlength: num('account', 0, 9, 1),
  exporter_id: text('account', 100),
  email: { kind: 'text', section: 'account', max: 254, email: true },
  // Network and NAT
  nattraversal: choice('network', 'natTraversal', 10),
  ice: flag('network'),
  stun: text('network', 255),
  stunusername: text('network', 100),
  stunpassword: text('network', 100),
  ignoresymmetricnat: flag('network'),
  // The spec caps it at 10 characters, which rules out most IPv4 and every IPv6 address (docs/spec-deviations.md):
  // an IPv4 or IPv6 address, at most 45 characters (the longest IPv6 text form).
  contactip: { kind: 'text', section: 'network', max: 45, ip: true },
  forcedcontact: text('network', 255),
  keepalive: flag('network'),
  keepaliveperiod: num('network', 5, 999, 3),
  listeningport: num('network', 0, 65535, 5),
  rtpportrangestart: num('network', 1, 65535, 5),
  rtpportrangeend: num('network', 1, 65535, 5),
  dscppacketmarking: flag('network'),
  pushblockreg: flag('network'),
  maxtimetowaitforworkingnetworkinmilliseconds: num('network', 0, 600000, 6),
  // Audio codecs
  codecorder: list('audio', 'audioCodecs'),
  codecorder3g: list('audio', 'audioCodecs'),
  codecorderwebrtc: list('audio', 'webrtcCodecs'),
  honortheircodeclistwifi: flag('audio'),
  honortheircodeclist3g: flag('audio'),
  dtmforder: list('audio', 'dtmf'),
  dtmfall: flag('audio'),
  ptime: num('audio', 0, 99, 2),
  ptime3g: num('audio', 0, 99, 2),
  forceptime: flag('audio'),
  forceptime3g: flag('audio'),
  sendaudioback: flag('audio'),
  // Opus, Wi-Fi and cellular
  ...opus('opusoptions'),
  ...opus('opusoptions3g'),
  // Video
  allowvideo: flag('video'),
  autoreceivevideowifi: flag('video'),
  autoreceivevideo3g: flag('video'),
  autosendvideowifi: flag('video'),
  autosendvideo3g: flag('video'),
  videocodecorder: list('video', 'videoCodecs'),
  videocodecorder3g: list('video', 'videoCodecs'),
  videocodecorderwebrtc: list('video', 'videoCodecs'),
  videodimswifi: choice('video', 'videoDims'),
  videodims3g: choice('video', 'videoDims'),
  videofpswifi: num('video', 1, 999, 3),
  videofps3g: num('video', 1, 999, 3),
  videomaxkbpswifi: num('video', 0, 100000, 6),
  videomaxkbps3g: num('video', 0, 100000, 6),
  videominkbpswifi: num('video', 0, 100000, 6),
  videominkbps3g: num('video', 0, 100000, 6),
  // Features and voicemail
  ringingtone: text('features', 500),
  allowmessage: flag('features'),
  autoanswerenabled: flag('features'),
  conferencingenabled: flag('features'),
  disableimforwebrtc: flag('features'),
  forwardingenabled: flag('features'),
  forwardingnumber: text('features', 40),
  voicemailnumber: text('features', 40),
  subscribeforvoicemail: flag('features'),
} as const satisfies Record<string, ProfileFieldSpec>;

export type ProfileSettingName = keyof typeof PROFILE_FIELDS;
export const PROFILE_SETTING_NAMES = Object.keys(PROFILE_FIELDS) as ProfileSettingName[];
export type ProfileSettings = Partial<Record<ProfileSettingName, string>>;

/** Spec §3/§9: transport udp and this ringing tone are prefilled; everything else starts unset. */
export const DEFAULT_RINGING_TONE = 'periodic(sine(2000ms,2000,440Hz,480Hz),silence(4000ms))';
export const PROFILE_DEFAULTS = { transport: 'udp', ringingtone: DEFAULT_RINGING_TONE } as const;

export interface ProfileOption {
  value: string | number;
  label: string;
  /** The value's meaning is inferred, not confirmed by an Acrobits source (docs/provisioning.md). */
  unverified?: boolean;
}

/**
 * Allowed values (softphone-provisioning notes §2). Codecs are RTP payload numbers: the static ones are standard;
 * 102/103 (iLBC/Opus) and 99/108 (H.264/VP8) are Acrobits dynamic ids whose meaning is inferred.
 */
export const PROFILE_OPTIONS: Record<OptionSetName, readonly ProfileOption[]> = {
  transport: [
    { value: 'udp', label: 'UDP' },
    { value: 'tcp', label: 'TCP' },
    { value: 'tls', label: 'TLS (sips: URIs)' },
    { value: 'tls+sip:', label: 'TLS (sip: URIs)' },
  ],
  outboundproxytransport: [
    { value: 'udp', label: 'UDP' },
    { value: 'tcp', label: 'TCP' },
    { value: 'tls', label: 'TLS' },
  ],
  audioCodecs: [
    { value: 0, label: 'G.711 µ-law (PCMU)' },
    { value: 8, label: 'G.711 A-law (PCMA)' },
    { value: 9, label: 'G.722' },
    { value: 18, label: 'G.729' },
    { value: 3, label: 'GSM' },
    { value: 103, label: 'Opus', unverified: true },
    { value: 102, label: 'iLBC', unverified: true },
  ],
  webrtcCodecs: [
    { value: 103, label: 'Opus', unverified: true },
    { value: 0, label: 'G.711 µ-law (PCMU)' },
    { value: 8, label: 'G.711 A-law (PCMA)' },
    { value: 9, label: 'G.722' },
  ],
  dtmf: [
    { value: 'rfc2833', label: 'RFC 2833 (RTP events)' },
    { value: 'info', label: 'SIP INFO' },
    { value: 'audio', label: 'In-band audio' },
  ],
  videoCodecs: [
    { value: 99, label: 'H.264', unverified: true },
    { value: 108, label: 'VP8', unverified: true },
    { value: 34, label: 'H.263' },
  ],
  natTraversal: [
    { value: 'auto', label: 'Automatic' },
    { value: 'ice', label: 'ICE' },
    { value: 'stun', label: 'STUN', unverified: true },
    { value: 'off', label: 'Off', unverified: true },
  ],
  videoDims: [
    { value: 'qcif', label: 'QCIF (176×144)' },
    { value: 'cif', label: 'CIF (352×288)', unverified: true },
    { value: 'vga', label: 'VGA (640×480)', unverified: true },
    { value: 'hd', label: 'HD (1280×720)', unverified: true },
  ],
  opusBand: [
    { value: 'nb', label: 'Narrowband' },
    { value: 'mb', label: 'Medium band' },
    { value: 'wb', label: 'Wideband' },
    { value: 'fb', label: 'Fullband' },
  ],
};

/** The option set a getDefaults key answers with. */
export const DEFAULTS_KEYS = {
  transport: 'transport',
  outboundproxytransport: 'outboundproxytransport',
  codecorder: 'audioCodecs',
  codecorder3g: 'audioCodecs',
  codecorderwebrtc: 'webrtcCodecs',
  dtmforder: 'dtmf',
  videocodecorder: 'videoCodecs',
  videocodecorder3g: 'videoCodecs',
  videocodecorderwebrtc: 'videoCodecs',
  nattraversal: 'natTraversal',
  videodims: 'videoDims',
  opusband: 'opusBand',
} as const satisfies Record<string, OptionSetName>;

/** Splits a stored comma-separated list ("0, 8,9" -> ["0","8","9"]). */
export function splitList(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
