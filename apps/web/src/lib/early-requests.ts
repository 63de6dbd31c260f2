/**
 * Requests a first screen needs, started by the entry (main.tsx) while the session is checked and the screen's chunks
 * load, then handed to the screen's query when it mounts (issue #19: the subscribers table's first row). A request
 * not taken within a few seconds is dropped, so a later visit never gets old data.
 */
const KEEP_MS = 10_000;
const early = new Map<string, { at: number; reply: Promise<unknown> }>();

export function startEarly(key: string, request: () => Promise<unknown>): void {
  const reply = request();
  // Nobody may take it (the session ended, the user went elsewhere): its failure is not an unhandled rejection.
  reply.catch(() => undefined);
  early.set(key, { at: Date.now(), reply });
}

/** The early reply for `key`, once, when it is still fresh. */
export function takeEarly<T>(key: string): Promise<T> | undefined {
  const found = early.get(key);
  early.delete(key);
  return found && Date.now() - found.at < KEEP_MS ? (found.reply as Promise<T>) : undefined;
}
