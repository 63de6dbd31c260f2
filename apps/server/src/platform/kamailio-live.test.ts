import { describe, expect, it } from 'vitest';
import { aorOf, callsOfAccounts, dialogUsers } from './kamailio-live';

/** One dialog as Kamailio 5.6's `dlg.list` prints it (dialog module, internal_rpc_print_dlg). */
function dialog(o: { callId: string; from: string; to: string; state?: number; start?: number }) {
  return {
    h_entry: 1234,
    h_id: 5678,
    'call-id': o.callId,
    from_uri: o.from,
    to_uri: o.to,
    state: o.state ?? 4,
    start_ts: o.start ?? 1795440000,
    init_ts: 1795439990,
    timeout: 1795483200,
    lifetime: 43200,
    dflags: 0,
    sflags: 0,
    iflags: 0,
    caller: { tag: 'a', contact: 'sip:4001@127.0.0.1:40000', cseq: '1', route_set: '', socket: 'udp:127.0.0.1:5060' },
    callee: { tag: 'b', contact: 'sip:4002@127.0.0.1:40010', cseq: '0', route_set: '', socket: 'udp:127.0.0.1:5060' },
    profiles: [],
    variables: [],
  };
}

describe('aorOf', () => {
  it('user@host of sip and sips URIs, host lower-cased, without port, parameters, headers or brackets', () => {
    expect(aorOf('sip:4001@Acme.Example')).toBe('4001@acme.example');
    expect(aorOf('sips:4001@acme.example:5061;transport=tls')).toBe('4001@acme.example');
    expect(aorOf('<sip:4001@acme.example;user=phone>')).toBe('4001@acme.example');
    expect(aorOf('sip:4001@acme.example?subject=x')).toBe('4001@acme.example');
    expect(aorOf('tel:+15551234')).toBe('');
    expect(aorOf('sip:acme.example')).toBe('');
    expect(aorOf(undefined)).toBe('');
  });
});

describe('callsOfAccounts (dlg.list → active calls of one tenant)', () => {
  const acme = new Set(['4001@acme.example', '4002@acme.example']);

  it('keeps confirmed dialogs with a tenant account as caller or callee; aor is the tenant party', () => {
    const calls = callsOfAccounts(
      [
        dialog({ callId: 'in@x', from: 'sip:9000@other.example', to: 'sip:4002@acme.example', start: 1795440010 }),
        dialog({ callId: 'out@x', from: 'sip:4001@acme.example', to: 'sip:5550100@acme.example', start: 1795440000 }),
        dialog({
          callId: 'both@x',
          from: 'sip:4001@ACME.example;x=y',
          to: 'sip:4002@acme.example;transport=udp',
          state: 3,
          start: 1795440020,
        }),
        dialog({ callId: 'foreign@x', from: 'sip:9000@other.example', to: 'sip:9001@other.example' }),
        dialog({ callId: 'same-ext-other-domain@x', from: 'sip:4001@other.example', to: 'sip:4002@other.example' }),
      ],
      acme,
    );
    expect(calls).toEqual([
      {
        sipCallId: 'out@x',
        caller: 'sip:4001@acme.example',
        callee: 'sip:5550100@acme.example',
        aor: 'sip:4001@acme.example',
        startedAt: new Date(1795440000_000),
      },
      {
        sipCallId: 'in@x',
        caller: 'sip:9000@other.example',
        callee: 'sip:4002@acme.example',
        aor: 'sip:4002@acme.example',
        startedAt: new Date(1795440010_000),
      },
      {
        sipCallId: 'both@x',
        caller: 'sip:4001@acme.example',
        callee: 'sip:4002@acme.example',
        aor: 'sip:4001@acme.example',
        startedAt: new Date(1795440020_000),
      },
    ]);
  });

  it('leaves out ringing (1 unconfirmed, 2 early) and ended (5 deleted) dialogs, and entries without a Call-ID', () => {
    const calls = callsOfAccounts(
      [1, 2, 5]
        .map((state) =>
          dialog({ callId: `s${state}@x`, from: 'sip:4001@acme.example', to: 'sip:4002@acme.example', state }),
        )
        .concat([{ ...dialog({ callId: '', from: 'sip:4001@acme.example', to: 'sip:4002@acme.example' }) }]),
      acme,
    );
    expect(calls).toEqual([]);
  });

  it('reads the empty answers jsonrpcs gives (null, {}), a single object, and ignores junk entries', () => {
    expect(callsOfAccounts(null, acme)).toEqual([]);
    expect(callsOfAccounts(undefined, acme)).toEqual([]);
    expect(callsOfAccounts({}, acme)).toEqual([]);
    expect(
      callsOfAccounts(dialog({ callId: 'one@x', from: 'sip:4001@acme.example', to: 'sip:1@acme.example' }), acme),
    ).toHaveLength(1);
    expect(
      callsOfAccounts(
        [null, 3, 'x', dialog({ callId: 'one@x', from: 'sip:4001@acme.example', to: 'sip:1@acme.example' })],
        acme,
      ),
    ).toHaveLength(1);
  });

  it('falls back to init_ts when the dialog has no start time yet', () => {
    const [c] = callsOfAccounts(
      [dialog({ callId: 'c@x', from: 'sip:4001@acme.example', to: 'sip:2@acme.example', start: 0 })],
      acme,
    );
    expect(c!.startedAt).toEqual(new Date(1795439990_000));
  });

  it('keeps a caller that is not a SIP URI as Kamailio gave it', () => {
    const [c] = callsOfAccounts(
      [dialog({ callId: 'tel@x', from: 'tel:+15550100', to: 'sip:4002@acme.example' })],
      acme,
    );
    expect(c).toMatchObject({ caller: 'tel:+15550100', callee: 'sip:4002@acme.example', aor: 'sip:4002@acme.example' });
  });
});

describe('dialogUsers', () => {
  it('the user parts of the confirmed dialogs’ callers and callees, once each: the extensions to look up', () => {
    const users = dialogUsers([
      dialog({ callId: 'a@x', from: 'sip:4001@acme.example', to: 'sip:4002@acme.example' }),
      dialog({ callId: 'b@x', from: 'sip:4001@other.example', to: 'tel:+1555' }),
      dialog({ callId: 'c@x', from: 'sip:7777@acme.example', to: 'sip:8888@acme.example', state: 2 }),
    ]);
    expect(users.sort()).toEqual(['4001', '4002']);
    expect(dialogUsers(null)).toEqual([]);
  });
});
