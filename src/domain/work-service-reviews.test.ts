import { describe, expect, it } from 'vitest';
import { weekStartOf } from './visits';
import { reviewLink, reviewTitle, weekEndOf, weekLabel } from './work-service-reviews';

describe('work-service reviews', () => {
  it('names a week by its first and last day, across a month and a year', () => {
    expect(weekEndOf('2026-11-15')).toBe('2026-11-21');
    expect(weekLabel('2026-11-15')).toBe('Nov 15 – Nov 21');
    expect(reviewTitle('2026-12-27', weekEndOf('2026-12-27'))).toBe('Visits of Dec 27 – Jan 2');
    expect(weekLabel('not-a-date', 'x')).toBe('not-a-date – x');
    expect(reviewLink(4)).toBe('/onboarding/work-service-review/4');
  });

  it("starts the week on the organization's first day", () => {
    // Wednesday 25 November 2026: Sunday 22 for a Sunday week, Monday 23 for a Monday week
    expect(weekStartOf('2026-11-25', 0)).toBe('2026-11-22');
    expect(weekStartOf('2026-11-25', 1)).toBe('2026-11-23');
    expect(weekStartOf('2026-11-22', 0)).toBe('2026-11-22');
  });
});
