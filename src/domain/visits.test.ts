import { describe, expect, it } from 'vitest';
import { implausiblePosition } from './visits';

// A clock whose position matches the home as stored to within a metre, or whose phone claims an accuracy under
// a metre, is not a real reading (product.md, "What each person sees of a visit"): the limits, by hand.
describe('an implausible position', () => {
  it('within a metre of the home as stored is typed in, not read from a phone', () => {
    expect(implausiblePosition(0, 10)).toBe(
      "The position sent matches the client's home to within 1 m: a phone's GPS is never that exact.",
    );
    expect(implausiblePosition(0.99, 10)).not.toBeNull();
  });

  it('a metre away or more is a reading like any other', () => {
    expect(implausiblePosition(1, 10)).toBeNull();
    expect(implausiblePosition(3, 10)).toBeNull();
  });

  it('an accuracy under a metre is claimed, not measured; a metre or more is plausible', () => {
    expect(implausiblePosition(40, 0)).toBe(
      "The phone claimed an accuracy of 0 m: a phone's GPS reports a few metres at best.",
    );
    expect(implausiblePosition(40, 0.5)).not.toBeNull();
    expect(implausiblePosition(40, 1)).toBeNull();
  });

  it('without a distance or an accuracy there is nothing to doubt', () => {
    expect(implausiblePosition(null, null)).toBeNull();
    expect(implausiblePosition(null, 12)).toBeNull();
    expect(implausiblePosition(25, null)).toBeNull();
  });
});
