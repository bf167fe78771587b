import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/api-error';
import { clockOf, placeClock } from './visibility';
import type { VisitRow } from './visit-rows';

// Where a clock happened and what each person sees of it (product.md, "What each person sees of a visit"),
// as plain functions: the visit suites drive them through the API, these state each edge by hand.

// a home in Springfield and points at a known distance north of it (1° of latitude is about 111.2 km)
const HOME = { latitude: 39.7817, longitude: -89.6501 };
const north = (meters: number) => ({ latitude: HOME.latitude + meters / 111_195, longitude: HOME.longitude });
const TOLERANCE = 250;

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the clock to be refused');
}

describe('placing a clock', () => {
  it('within the tolerance of the home is HOME, with no reason and no exception, whatever was said', () => {
    const placed = placeClock({ ...north(100), accuracy: 8, location_type: 'COMMUNITY', reason: 'x' }, HOME, TOLERANCE);
    expect(placed).toMatchObject({ location: 'HOME', reason: null, exception: false, implausible: null, accuracy: 8 });
    expect(placed.latitude).toBeCloseTo(HOME.latitude + 100 / 111_195, 8);
    expect(placed.longitude).toBe(HOME.longitude);
    expect(placed.distance).toBeGreaterThan(99);
    expect(placed.distance).toBeLessThan(101);
  });

  it('exactly at the tolerance is still home; a hair past it is not', () => {
    const distance = placeClock(north(200), HOME, 1000).distance!;
    expect(placeClock(north(200), HOME, distance).location).toBe('HOME');
    const past = refusal(() => placeClock(north(200), HOME, distance - 0.01));
    expect(past.fields).toHaveProperty('location_type');
  });

  it('away from the home asks where and why, naming the distance in metres', () => {
    const away = refusal(() => placeClock(north(480), HOME, TOLERANCE));
    expect(away.statusCode).toBe(400);
    expect(away.detail).toBe("You are 480 m from the client's home. Choose where you are and say why.");
    expect(away.fields).toEqual({
      location_type: ["You are 480 m from the client's home. Choose where you are and say why."],
      reason: ['Say why the position does not place you at the home.'],
    });
  });

  it('a kilometre or more away names the distance in kilometres', () => {
    expect(refusal(() => placeClock(north(1000), HOME, TOLERANCE)).detail).toBe(
      "You are 1.0 km from the client's home. Choose where you are and say why.",
    );
    expect(refusal(() => placeClock(north(2345), HOME, TOLERANCE)).detail).toBe(
      "You are 2.3 km from the client's home. Choose where you are and say why.",
    );
    expect(refusal(() => placeClock(north(999), HOME, TOLERANCE)).detail).toBe(
      "You are 999 m from the client's home. Choose where you are and say why.",
    );
  });

  it('away with where and why is recorded as said, the reason trimmed, and is an exception', () => {
    const placed = placeClock(
      { ...north(480), accuracy: 15, location_type: 'COMMUNITY', reason: '  At the pharmacy with her  ' },
      HOME,
      TOLERANCE,
    );
    expect(placed).toMatchObject({
      location: 'COMMUNITY',
      reason: 'At the pharmacy with her',
      exception: true,
      implausible: null,
      accuracy: 15,
    });
    expect(Math.round(placed.distance!)).toBe(480);
  });

  it('a reason of blanks is no reason', () => {
    const blank = refusal(() => placeClock({ ...north(480), location_type: 'HOME', reason: '   ' }, HOME, TOLERANCE));
    expect(blank.fields).toEqual({ reason: ['Say why the position does not place you at the home.'] });
    const missing = refusal(() => placeClock({ ...north(480), location_type: 'HOME' }, HOME, TOLERANCE));
    expect(missing.fields).toEqual({ reason: ['Say why the position does not place you at the home.'] });
  });

  it('without a position: no distance, no accuracy, and the question says the position is missing', () => {
    const refused = refusal(() => placeClock({ accuracy: 5 }, HOME, TOLERANCE));
    expect(refused.detail).toBe('Without your position, choose where you are and say why.');
    const placed = placeClock({ accuracy: 5, location_type: 'HOME', reason: 'Location off' }, HOME, TOLERANCE);
    expect(placed).toEqual({
      latitude: null,
      longitude: null,
      accuracy: null,
      distance: null,
      location: 'HOME',
      reason: 'Location off',
      exception: true,
      implausible: null,
    });
  });

  it('when the home has no position on file, the clock cannot be placed and the question says so', () => {
    for (const home of [
      { latitude: null, longitude: HOME.longitude },
      { latitude: HOME.latitude, longitude: null },
      { latitude: null, longitude: null },
    ]) {
      const refused = refusal(() => placeClock(north(0), home, TOLERANCE));
      expect(refused.detail).toBe("The client's home has no position on file: choose where you are and say why.");
      const placed = placeClock({ ...north(0), location_type: 'HOME', reason: 'New address' }, home, TOLERANCE);
      expect(placed).toMatchObject({ distance: null, location: 'HOME', exception: true, implausible: null });
      expect(placed.latitude).toBe(HOME.latitude);
    }
  });

  it('one coordinate without the other is refused, naming the one missing', () => {
    const noLongitude = refusal(() => placeClock({ latitude: HOME.latitude }, HOME, TOLERANCE));
    expect(noLongitude.statusCode).toBe(400);
    expect(noLongitude.fields).toEqual({ longitude: ['Send both coordinates, or neither.'] });
    const noLatitude = refusal(() => placeClock({ longitude: HOME.longitude }, HOME, TOLERANCE));
    expect(noLatitude.fields).toEqual({ latitude: ['Send both coordinates, or neither.'] });
  });

  it("the home's own coordinates sent back, or an accuracy no phone reports, are kept and marked implausible", () => {
    const typedIn = placeClock({ ...HOME, accuracy: 10 }, HOME, TOLERANCE);
    expect(typedIn).toMatchObject({ location: 'HOME', distance: 0, exception: false });
    expect(typedIn.implausible).toMatch(/matches the client's home/);
    const tooExact = placeClock({ ...north(30), accuracy: 0 }, HOME, TOLERANCE);
    expect(tooExact.implausible).toMatch(/accuracy of 0 m/);
    expect(placeClock({ ...north(30), accuracy: 12 }, HOME, TOLERANCE).implausible).toBeNull();
  });
});

describe('a clock as each person sees it', () => {
  const row = {
    clockInAt: new Date('2031-01-06T12:58:00Z'),
    clockInLocation: 'COMMUNITY',
    clockInLatitude: 39.8,
    clockInLongitude: -89.6,
    clockInAccuracy: 12,
    clockInDistance: 2345.6,
    clockInReason: 'Met her at the pharmacy',
    clockOutAt: null,
    clockOutLocation: null,
    clockOutLatitude: null,
    clockOutLongitude: null,
    clockOutAccuracy: null,
    clockOutDistance: null,
    clockOutReason: null,
  } as unknown as VisitRow;

  it('the office and the caregiver get the place, the position, the rounded distance and the reason', () => {
    for (const view of ['office', 'caregiver'] as const)
      expect(clockOf(row, 'In', view)).toEqual({
        at: '2031-01-06T12:58:00.000Z',
        location: 'COMMUNITY',
        latitude: 39.8,
        longitude: -89.6,
        accuracy: 12,
        distance: 2346,
        reason: 'Met her at the pharmacy',
      });
  });

  it('a client or family member gets the time alone', () => {
    expect(clockOf(row, 'In', 'client')).toEqual({
      at: '2031-01-06T12:58:00.000Z',
      location: null,
      latitude: null,
      longitude: null,
      accuracy: null,
      distance: null,
      reason: null,
    });
  });

  it('no clock is null; a clock without a place is at home, without a distance', () => {
    expect(clockOf(row, 'Out', 'office')).toBeNull();
    const bare = { ...row, clockOutAt: new Date('2031-01-06T14:00:00Z') } as VisitRow;
    expect(clockOf(bare, 'Out', 'office')).toMatchObject({ location: 'HOME', distance: null, reason: null });
  });
});
