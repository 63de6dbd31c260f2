import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The repository's root: this file is in apps/server/src (tsx) or bundled into apps/server/dist (npm start). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * The environment the server starts with: the process's own variables, completed by the `.env` file (KEY=value
 * lines, as in .env.example). A variable set in the environment wins over the same key in the file, so
 * `PORT=9000 npm start` still works with a `.env`. `ENV_FILE` names another file; `ENV_FILE=none` reads none (the
 * tests' spawned servers, so a developer's `.env` cannot change what they test). A missing default `.env` is
 * normal; a missing file named by ENV_FILE is an error.
 */
export function withEnvFile(env: NodeJS.ProcessEnv): { env: Record<string, string | undefined>; file: string | null } {
  const named = env.ENV_FILE;
  if (named === 'none') return { env, file: null };
  const file = path.resolve(REPO_ROOT, named ?? '.env');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (named === undefined && (err as NodeJS.ErrnoException).code === 'ENOENT') return { env, file: null };
    throw new Error(`ENV_FILE ${file}: ${(err as Error).message}`, { cause: err });
  }
  const fromFile = parseEnv(text);
  const merged: Record<string, string | undefined> = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value !== '') merged[key] = value;
  return { env: merged, file };
}
