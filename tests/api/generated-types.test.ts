import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, generateClientTypes } from '../../scripts/typegen';

describe('src/api/generated.d.ts', () => {
  it("matches the server's OpenAPI document (run `npm run typegen` when this fails)", async () => {
    const generated = await generateClientTypes();
    expect(readFileSync(GENERATED_TYPES_PATH, 'utf8')).toBe(generated);
  }, 120_000);
});
