import path from 'node:path';

const APP_ROOT = path.resolve(import.meta.dirname, '../../..');
// Frames of the logging machinery itself, which never are the caller.
const SKIP = /node_modules|node:internal|[\\/]lib[\\/]logger\.|[\\/]lib[\\/]logging[\\/]/;
const FRAME = /^\s*at (?:(.+?) \()?(?:file:\/\/)?(.+?):(\d+):\d+\)?$/;

/** The first frame outside the logging code and libraries: caller "file:line" and functionName (spec §3). */
export function callerOf(): { caller?: string; functionName?: string } {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 25;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n').slice(1)) {
    if (SKIP.test(line)) continue;
    const m = FRAME.exec(line);
    if (!m?.[2]) continue;
    const file = path.isAbsolute(m[2]) ? path.relative(APP_ROOT, m[2]) : m[2];
    return { caller: `${file}:${m[3]}`, functionName: m[1]?.replace(/^async /, '') ?? '<anonymous>' };
  }
  return {};
}
