import { sql } from 'drizzle-orm';
import { configFromEnv } from '../../config';
import { createFileStorage, type FileStorage } from '../../lib/file-storage';
import type { Db } from '../connection';
import { organizations } from '../schema';
import { seedDemoAudit } from './audit';
import { seedDemoClients } from './clients';
import { DEMO_PASSWORD, DEMO_TIMEZONES } from './demo';
import { seedDemoHiring } from './hiring';
import { DEMO_USERS, seedDemoPeople } from './identity';
import { seedDemoGrievances, seedDemoMessages } from './messaging';
import { seedDemoReferrals } from './referrals';
import { seedDemoVisits } from './visits';

export { DEMO_PASSWORD, DEMO_TIMEZONES } from './demo';

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  return Number(row?.count ?? 0) === 0;
}

let demoHash: Promise<string> | null = null;

/**
 * Inserts the demo of product.md in one transaction, a domain at a time (each from its file here): the
 * organizations and their people, hiring, clients, referrals, visits, messages and grievances, an audit trail.
 * Demo files go to `files` (default: the store the settings choose, createFileStorage; null: rows only).
 */
export async function seedDemo(db: Db, options: { files?: FileStorage | null; now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const storage = options.files === undefined ? createFileStorage(configFromEnv(), db) : options.files;
  demoHash ??= import('../../lib/password-hash').then(({ hashPassword }) => hashPassword(DEMO_PASSWORD));
  const passwordHash = await demoHash;
  await db.transaction(async (tx) => {
    const ids = await seedDemoPeople(tx, passwordHash, now);
    await seedDemoHiring(tx, ids, storage, now);
    const clientIds = await seedDemoClients(tx, ids, DEMO_TIMEZONES, now);
    await seedDemoReferrals(tx, ids, clientIds, now);
    await seedDemoVisits(tx, ids, DEMO_TIMEZONES, now);
    await seedDemoMessages(tx, ids, now);
    await seedDemoGrievances(tx, ids, now);
    await seedDemoAudit(tx, ids, now);
  });
}

export function demoSummary(publicUrl: string): string {
  const lines = [
    `Demo data: every password is ${DEMO_PASSWORD}`,
    `  ${publicUrl}/login/sunrise  (Sunrise Home Care)`,
    `  ${publicUrl}/login/harbor   (Harbor Home Health)`,
    ...DEMO_USERS.map(
      (u) =>
        `  ${u.email.padEnd(26)} ${u.role.replace('ROLE_', '').toLowerCase().padEnd(9)} ${u.organization ?? '(all)'}`,
    ),
  ];
  return lines.join('\n');
}
