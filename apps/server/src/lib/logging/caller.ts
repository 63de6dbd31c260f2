import fs from 'node:fs';
import path from 'node:path';

/** apps/server: the nearest folder with a package.json (from src/lib/logging, or from dist/ in the built server). */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) || dir === path.dirname(dir)) return dir;
  }
}

const APP_ROOT = packageRoot(import.meta.dirname);
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
