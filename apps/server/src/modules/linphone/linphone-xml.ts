/**
 * Linphone's remote-provisioning document (the lpconfig XML, http://www.linphone.org/xsds/lpconfig.xsd): sections
 * of named entries that liblinphone merges into its configuration, as Flexisip Account Manager builds it
 * (ProvisioningController: proxy_0 with reg_identity, auth_info_N with username, domain, password data).
 */
export interface LinphoneAccount {
  displayName: string;
  extension: string;
  /** The SIP domain: the identity's domain (and the server to connect to when `route` is null). */
  domain: string;
  /** The server to connect to when it differs from the domain (profile's outbound proxy or proxy, or the platform's SIP host). */
  route: string | null;
  /** Linphone transport: udp, tcp or tls. */
  transport: 'udp' | 'tcp' | 'tls';
  password: string;
  /** Registration expiry in seconds, or null for Linphone's default. */
  expires: number | null;
  /** Audio codecs in order of preference, as Linphone names them. */
  codecs: { mime: string; rate: number }[];
  /** 'rfc2833' or 'info' when the profile names one first. */
  dtmf: 'rfc2833' | 'info' | null;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const entry = (name: string, value: string | number) =>
  `    <entry name="${name}" overwrite="true">${esc(String(value))}</entry>`;
const section = (name: string, entries: string[]) =>
  [`  <section name="${name}">`, ...entries, '  </section>'].join('\n');

/** RFC 3551's static payload types, the ones the profile's codec list (Acrobits payload numbers) can name for sure. */
const STATIC_CODECS: Record<string, { mime: string; rate: number }> = {
  '0': { mime: 'PCMU', rate: 8000 },
  '3': { mime: 'GSM', rate: 8000 },
  '8': { mime: 'PCMA', rate: 8000 },
  '9': { mime: 'G722', rate: 8000 },
  '18': { mime: 'G729', rate: 8000 },
};

/** The codecs of an Acrobits codec order ("0,8,9"); payload numbers whose meaning is not documented are left out. */
export function codecsFromOrder(order: string | undefined): { mime: string; rate: number }[] {
  const out: { mime: string; rate: number }[] = [];
  for (const pt of (order ?? '').split(',').map((s) => s.trim())) {
    const c = STATIC_CODECS[pt];
    if (c && !out.includes(c)) out.push(c);
  }
  return out;
}

/** A Linphone transport for the profile's Acrobits transport (`tls+sip:` is TLS with sip: URIs). */
export function linphoneTransport(acrobits: string): 'udp' | 'tcp' | 'tls' {
  const t = acrobits.trim().toLowerCase();
  if (t === 'tcp') return 'tcp';
  if (t === 'tls' || t === 'tls+sip:') return 'tls';
  return 'udp';
}

const uri = (host: string, transport: string, extra = '') =>
  `<sip:${host.replace(/^sips?:/i, '')};transport=${transport}${extra}>`;

export function buildLinphoneXml(a: LinphoneAccount): string {
  const identity = `"${a.displayName.replace(/["\\]/g, '')}" <sip:${a.extension}@${a.domain}>`;
  const proxy = [
    entry('reg_identity', identity),
    // liblinphone 5.1 sends REGISTER to reg_proxy (it resolves that host even when reg_route is set), so the server
    // to connect to goes there; reg_route sends the other requests the same way. The identity keeps the SIP domain.
    entry('reg_proxy', uri(a.route ?? a.domain, a.transport)),
    ...(a.route ? [entry('reg_route', uri(a.route, a.transport, ';lr'))] : []),
    ...(a.expires ? [entry('reg_expires', a.expires)] : []),
    entry('reg_sendregister', 1),
    entry('publish', 0),
  ];
  // No realm: the credentials then answer whatever realm the platform challenges with (one realm for all domains too).
  const auth = [
    entry('username', a.extension),
    entry('userid', a.extension),
    entry('passwd', a.password),
    entry('domain', a.domain),
  ];
  const sip = [
    entry('default_proxy', 0),
    ...(a.dtmf
      ? [entry('use_rfc2833', a.dtmf === 'rfc2833' ? 1 : 0), entry('use_info', a.dtmf === 'info' ? 1 : 0)]
      : []),
  ];
  const codecs = a.codecs.map((c, i) =>
    section(`audio_codec_${i}`, [
      entry('mime', c.mime),
      entry('rate', c.rate),
      entry('channels', 1),
      entry('enabled', 1),
    ]),
  );
  // transient_provisioning: liblinphone forgets the config-uri once it applied this document, so the app does not
  // fetch the spent one-time link again at each start.
  const misc = [entry('transient_provisioning', 1)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<config xmlns="http://www.linphone.org/xsds/lpconfig.xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.linphone.org/xsds/lpconfig.xsd lpconfig.xsd">',
    section('sip', sip),
    section('proxy_0', proxy),
    section('auth_info_0', auth),
    ...codecs,
    section('misc', misc),
    '</config>',
    '',
  ].join('\n');
}
