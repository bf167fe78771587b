import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits until `stub` was last called with `args`: a page asks again, a moment later, as its filters or paging change. */
export async function waitForLastCall(stub: unknown, ...args: unknown[]): Promise<void> {
  await waitFor(() => expect(stub).toHaveBeenLastCalledWith(...args));
}
