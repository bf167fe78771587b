// Every row of bench/results.json carries its verdict (quality.md: each figure a ratio against a baseline of the
// same run, held to its target): a row with no verdict is a figure nobody judged.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Row {
  metric: string;
  target: string;
  pass: boolean | null;
}

const file = JSON.parse(readFileSync(new URL('../../bench/results.json', import.meta.url), 'utf8')) as
  Row[] | { results?: Row[]; rows?: Row[] };
const rows: Row[] = Array.isArray(file) ? file : (file.results ?? file.rows ?? []);

describe('bench/results.json', () => {
  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(0);
  });

  it('gives every row a target and a verdict', () => {
    expect(
      rows
        .filter((row) => typeof row.pass !== 'boolean' || !row.target || /informative/i.test(row.target))
        .map((row) => row.metric),
    ).toEqual([]);
  });
});
