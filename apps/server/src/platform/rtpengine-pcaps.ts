import fs from 'node:fs';
import path from 'node:path';
import { warnOnStderr } from '../db/sqlite-driver';
import { PcapFormatError, mixPcaps, wavFile } from './pcap-wav';

/**
 * The name rtpengine gives a call's files: the call-id escaped as glib's g_uri_escape_string does (every byte outside
 * A-Z a-z 0-9 - . _ ~ as %XX, upper case), then `-<16 hex digits>.pcap`. Checked on rtpengine 10.5:
 * `A~b+c=d%e_f.g-h@host` → `A~b%2Bc%3Dd%25e_f.g-h%40host-f85edb3f7addf55e.pcap`. The escaped name holds no `/` (nor
 * anything but those characters), so no call-id can name a file outside the directory.
 */
export function rtpengineFileStem(callId: string): string {
  let out = '';
  for (const b of Buffer.from(callId, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const SUFFIX = /-[0-9a-f]{16}\.pcap$/;

/** The call-id stem of a file name in the pcaps directory, or null for anything rtpengine did not name. */
export function stemOf(file: string): string | null {
  return SUFFIX.test(file) ? file.slice(0, -22) : null;
}

/**
 * rtpengine's pcap recordings (`recording-method = pcap`): `<recording-dir>/pcaps/<escaped call-id>-<hex>.pcap`.
 * Which calls have one is read from one directory listing, kept until the directory changes (a file created or
 * removed), so a page of call records costs a stat.
 */
export class RtpenginePcaps {
  private readonly dir: string;
  private listing: { mtimeMs: number; stems: Set<string>; files: string[] } | null = null;

  constructor(recordingDir: string) {
    this.dir = path.join(recordingDir, 'pcaps');
  }

  /** The directory's file names (empty when it does not exist yet: rtpengine creates it at start). */
  private async files(): Promise<{ stems: Set<string>; files: string[] }> {
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.promises.stat(this.dir)).mtimeMs;
    } catch {
      return { stems: new Set(), files: [] };
    }
    if (this.listing?.mtimeMs !== mtimeMs) {
      const files = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
      this.listing = { mtimeMs, files, stems: new Set(files.map(stemOf).filter((s): s is string => s !== null)) };
    }
    return this.listing;
  }

  async has(callId: string): Promise<boolean> {
    return (await this.recorded())(callId);
  }

  /** A test for "has a recording" over one directory listing (for a page of records). */
  async recorded(): Promise<(callId: string) => boolean> {
    const { stems } = await this.files();
    return (callId) => stems.has(rtpengineFileStem(callId));
  }

  /**
   * The call's audio as one WAV (every file of that call-id mixed, e.g. a call recorded again after a re-INVITE);
   * null when there is no file or no G.711 audio in it. An unreadable file is logged and counts as absent.
   */
  async wav(callId: string): Promise<Buffer | null> {
    const stem = rtpengineFileStem(callId);
    const mine = (await this.files()).files.filter((f) => stemOf(f) === stem);
    if (mine.length === 0) return null;
    try {
      const data = await Promise.all(mine.map((f) => fs.promises.readFile(path.join(this.dir, f))));
      const samples = mixPcaps(data);
      return samples.length ? wavFile(samples) : null;
    } catch (err) {
      if (!(err instanceof PcapFormatError) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      warnOnStderr(err, `recording of call ${JSON.stringify(callId)}: ${mine.join(', ')} could not be read`);
      return null;
    }
  }
}
