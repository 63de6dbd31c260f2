import fs from 'node:fs';
import path from 'node:path';
import { type Page, expect } from '@playwright/test';
import { E2E } from './constants';

export const SHOTS = path.resolve(import.meta.dirname, '../.artifacts/screenshots');

/** Saves a full-page screenshot for a human to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

export async function readMails(): Promise<{ to: string[]; subject: string; text: string }[]> {
  const res = await fetch(E2E.mailApi);
  return (await res.json()) as { to: string[]; subject: string; text: string }[];
}

export async function waitForMail(to: string, after = 0): Promise<{ to: string[]; subject: string; text: string }> {
  let found: { to: string[]; subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMails()).slice(after).find((m) => m.to.includes(to));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
