import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FRAME_SAMPLES, SAMPLE_RATE, muLawFrame, voice } from './builtin-audio';
import type { CallAudioSource, PlatformActiveCall } from './connector';

export interface SimulatorOptions {
  /** Simulated active calls kept alive per tenant; 0 turns the simulator off. */
  callsPerTenant: number;
  /** How long each simulated call lasts before another one takes its place. */
  callMinutes: number;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
/** Each party talks for a few seconds, then the other answers. */
const TURN_SAMPLES = 3 * SAMPLE_RATE;

/**
 * Active calls for the builtin platform. The calls are a pure function of the tenant, the slot and the time
 * window, so every server instance lists the same calls and can produce the same audio without shared state:
 * slot i of a tenant runs one call per `callMinutes`, staggered so they do not all end together.
 */
export class CallSimulator {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly opts: SimulatorOptions,
  ) {}

  async list(tenant: string, now = Date.now()): Promise<PlatformActiveCall[]> {
    if (this.opts.callsPerTenant <= 0) return [];
    const exts = await this.db
      .selectFrom('builtin_extensions')
      .select(['extension', 'domain'])
      .where('tenant_id', '=', tenant)
      .orderBy('id')
      .limit(50)
      .execute();
    if (exts.length === 0) return [];
    const period = this.opts.callMinutes * 60_000;
    const calls: PlatformActiveCall[] = [];
    for (let i = 0; i < this.opts.callsPerTenant; i++) {
      const phase = Math.floor((i * period) / this.opts.callsPerTenant);
      const window = Math.floor((now + phase) / period);
      const h = hash(`${tenant}/${i}/${window}`);
      const caller = exts[parseInt(h.slice(0, 6), 16) % exts.length]!;
      const outside = `+1555${String(1_000_000 + (parseInt(h.slice(6, 12), 16) % 8_999_999))}`;
      calls.push({
        sipCallId: `sim-${h.slice(0, 20)}@${caller.domain || tenant}`,
        caller: `sip:${caller.extension}@${caller.domain || tenant}`,
        callee: `sip:${outside}@${caller.domain || tenant}`,
        aor: `sip:${caller.extension}@${caller.domain || tenant}`,
        startedAt: new Date(window * period - phase),
      });
    }
    return calls;
  }

  /** Two voices taking turns, starting where the call is now (listening joins a call in progress). */
  async open(tenant: string, sipCallId: string): Promise<CallAudioSource | null> {
    const call = (await this.list(tenant)).find((c) => c.sipCallId === sipCallId);
    if (!call) return null;
    const a = voice(`${sipCallId}/caller`);
    const b = voice(`${sipCallId}/callee`);
    const sampleAt = (n: number) => (Math.floor(n / TURN_SAMPLES) % 2 === 0 ? a(n) : b(n));
    let frame = Math.floor(((Date.now() - call.startedAt.getTime()) * SAMPLE_RATE) / 1000 / FRAME_SAMPLES);
    return { nextFrame: () => muLawFrame(sampleAt, frame++), close: () => undefined };
  }
}
