import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBackends, type TestApp } from '../test-support';
import { MIGRATIONS_FOLDER } from './connection';
import { formRequests, notifications } from './schema';

// Migration 0018 rewrites links stored before the office's view of a form existed: run its SQL again on rows shaped as
// they were then, and read what each person's notification now opens.
const MIGRATION = readFileSync(path.join(MIGRATIONS_FOLDER, '0018_countersign_notification_links.sql'), 'utf8');

for (const backend of testBackends()) {
  describe(`migration 0018: countersign notification links (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ backend, seed: true });
    });
    afterAll(() => t?.close());

    it("points the office's old links at the office's view of the form and leaves the employee's own links alone", async () => {
      const admin = await t.login('admin@sunrise.example');
      const [form] = await t.database.db
        .select()
        .from(formRequests)
        .where(eq(formRequests.organizationId, admin.user.organization!.id))
        .limit(1);
      expect(form).toBeDefined();
      const old = `/onboarding/form-request/${form.id}`;
      const [toOffice, toEmployee] = await t.database.db
        .insert(notifications)
        .values([
          {
            userId: admin.user.id,
            organizationId: form.organizationId,
            type: 'form_completed',
            title: 'Signed: please countersign',
            link: old,
          },
          {
            userId: form.employeeId,
            organizationId: form.organizationId,
            type: 'form_requested',
            title: 'Please fill and sign',
            link: old,
          },
        ])
        .returning();

      await t.database.db.execute(sql.raw(MIGRATION));

      const linkOf = async (id: number) =>
        (await t.database.db.select().from(notifications).where(eq(notifications.id, id)))[0].link;
      expect(await linkOf(toOffice.id)).toBe(`/employees/${form.employeeId}/onboarding/form-request/${form.id}`);
      expect(await linkOf(toEmployee.id)).toBe(old);
    });
  });
}
