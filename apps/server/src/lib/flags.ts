/**
 * Yes/no columns are stored as 0/1 on both databases (SQLite has no boolean type). Each table's repository names
 * its flag columns once with `flagReader` and writes them with `toFlag`; services only see booleans.
 */

/** A row whose flag columns (those of F it has) read as booleans. */
export type WithBooleans<R, F extends string> = { [K in keyof R]: K extends F ? boolean : R[K] };

export const toFlag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** A function turning the flag columns `flags` of any row (whole or partial) into booleans; other fields are kept. */
export function flagReader<F extends string>(flags: readonly F[]) {
  return <R extends object>(row: R): WithBooleans<R, F> => {
    const out = { ...row } as Record<string, unknown>;
    for (const f of flags) if (f in out) out[f] = out[f] === 1;
    return out as WithBooleans<R, F>;
  };
}
