import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { loginThrottles } from '../../db/schema';

export interface ThrottleRule {
  key: string;
  limit: number;
}

/** Failure counters in fixed windows, kept in the database so every server process sees the same counts. */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly windowSeconds: number,
  ) {}

  /** Seconds until the first exhausted rule frees up, or 0 when every rule still allows an attempt. */
  async retryAfter(rules: ThrottleRule[], now: Date): Promise<number> {
    const rows = await this.db
      .select()
      .from(loginThrottles)
      .where(
        inArray(
          loginThrottles.key,
          rules.map((r) => r.key),
        ),
      );
    let wait = 0;
    for (const row of rows) {
      const rule = rules.find((r) => r.key === row.key)!;
      const ends = row.windowStartedAt.getTime() + this.windowSeconds * 1000;
      if (ends > now.getTime() && row.failures >= rule.limit)
        wait = Math.max(wait, Math.ceil((ends - now.getTime()) / 1000));
    }
    return wait;
  }

  async recordFailure(keys: string[], now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - this.windowSeconds * 1000);
    for (const key of keys) {
      await this.db
        .insert(loginThrottles)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: {
            failures: sql`CASE WHEN ${loginThrottles.windowStartedAt} <= ${windowStart} THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${loginThrottles.windowStartedAt} <= ${windowStart} THEN ${now} ELSE ${loginThrottles.windowStartedAt} END`,
          },
        });
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(loginThrottles).where(inArray(loginThrottles.key, [key]));
  }
}
