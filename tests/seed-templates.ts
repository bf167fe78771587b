import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The suites keep a seeded database (PGlite dump, e2e data folder) to copy instead of seeding again. The
 * demo seed's dates are relative to the day it runs (a document expiring in 20 days, in the organization's
 * zone), so a copy is only good for the hour it was seeded in: its key holds that hour. Within one UTC hour
 * every demo organization's local date stays the same (their zones are whole hours off UTC).
 */
export function seedTemplateHour(now = new Date()): string {
  return now.toISOString().slice(0, 13);
}

/** Removes the copies of earlier hours (older than two, so a run still reading the last one keeps it). */
export function removeStaleSeedTemplates(directory: string, prefix: string, now = new Date()): void {
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => name.startsWith(prefix));
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(directory, name);
    try {
      if (Math.abs(now.getTime() - statSync(file).mtimeMs) > 2 * 3_600_000)
        rmSync(file, { recursive: true, force: true });
    } catch {
      // removed by a parallel run
    }
  }
}
