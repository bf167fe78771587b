import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { SessionAnswer, User } from '../api/types';
import { createActivityListener, createStorageListener } from './activity-listener';
import { selectSignedOutReason, sessionMachine } from './session-machine';

const user = {
  id: 1,
  email: 'ana@sunrise.test',
  role: 'ROLE_ADMIN',
  organization: { id: 1, name: 'Sunrise', token: 'sunrise' },
} as User;
const answer: SessionAnswer = { access: 'A1', refresh: 'R1', user };
const MINUTE = 60_000;
/** Spec 9's activity (mouse move, mouse down, resize, key down, touch start, wheel), named here, not read from the code. */
const SPEC_ACTIVITY = ['mousemove', 'mousedown', 'resize', 'keydown', 'touchstart', 'wheel'];
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

function setUp(
  options: {
    hasStoredRefreshToken?: boolean;
    reload?: () => Promise<User>;
    logIn?: () => Promise<SessionAnswer>;
    logOut?: () => Promise<void>;
    endIdleSession?: () => Promise<void>;
    keepAlive?: () => Promise<User>;
    hasRefreshToken?: () => boolean;
  } = {},
) {
  const clock = new SimulatedClock();
  /** The wall clock: equal to the simulated clock unless a test lets the tab sleep. */
  let sleptFor = 0;
  const now = () => clock.now() + sleptFor;
  const windowTarget = new EventTarget();
  const doc = new FakeDocument();
  const calls = {
    storeTokens: [] as unknown[],
    clearTokens: 0,
    announceSignedIn: 0,
    logOut: 0,
    endIdleSession: 0,
    keepAlive: [] as number[],
  };
  const activityEvents: number[] = [];

  const machine = sessionMachine.provide({
    actors: {
      reloadSession: fromPromise(options.reload ?? (async () => user)),
      logIn: fromPromise(options.logIn ?? (async () => answer)),
      logOut: fromPromise(async () => {
        calls.logOut += 1;
        return options.logOut?.();
      }),
      endIdleSession: fromPromise(async () => {
        calls.endIdleSession += 1;
        return options.endIdleSession?.();
      }),
      keepAlive: fromPromise(async () => {
        calls.keepAlive.push(clock.now());
        return options.keepAlive ? options.keepAlive() : user;
      }),
      activityListener: createActivityListener({ target: windowTarget, document: doc as unknown as Document, now }),
      storageListener: createStorageListener({
        target: windowTarget,
        hasRefreshToken: options.hasRefreshToken ?? (() => true),
      }),
    },
    actions: {
      storeTokens: (_, params) => void calls.storeTokens.push(params),
      clearTokens: () => void (calls.clearTokens += 1),
      announceSignedIn: () => void (calls.announceSignedIn += 1),
      announceSignedOut: () => {},
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { hasStoredRefreshToken: options.hasStoredRefreshToken ?? false },
    inspect: (event) => {
      if (event.type === '@xstate.event' && event.event.type === 'session.activity')
        activityEvents.push(event.event.at);
    },
  }).start();

  return {
    actor,
    clock,
    calls,
    activityEvents,
    windowTarget,
    doc,
    sleep: (ms: number) => {
      sleptFor += ms;
    },
    async signIn() {
      actor.send({ type: 'session.start', ...answer });
      await flush();
    },
  };
}

describe('session start-up', () => {
  it('without a stored refresh token it does not reload and is settled at once', () => {
    const reload = vi.fn(async () => user);
    const { actor } = setUp({ reload });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().hasTag('reloading')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('with a stored refresh token it reloads once and holds the user', async () => {
    const reload = vi.fn(async () => user);
    const { actor } = setUp({ hasStoredRefreshToken: true, reload });
    expect(actor.getSnapshot().hasTag('reloading')).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context.user).toBe(user);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a failed reload settles signed out and clears the tokens', async () => {
    const { actor, calls } = setUp({
      hasStoredRefreshToken: true,
      reload: async () => Promise.reject(new Error('401')),
    });
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().hasTag('reloading')).toBe(false);
    expect(calls.clearTokens).toBe(1);
  });
});

describe('login, sign-up, update and logout', () => {
  it('login sets the user and hands over the tokens', async () => {
    const { actor, calls } = setUp();
    actor.send({ type: 'session.login', email: 'ana@sunrise.test', password: 'portal-demo-2026' });
    expect(actor.getSnapshot().matches('loggingIn')).toBe(true);
    await flush();
    expect(actor.getSnapshot().context.user).toBe(user);
    expect(calls.storeTokens).toEqual([{ access: 'A1', refresh: 'R1' }]);
    expect(calls.announceSignedIn).toBe(1);
  });

  it('a failed login keeps the user signed out and keeps the API error', async () => {
    const error = { response: { status: 401, data: { detail: 'Bad credentials', code: 'authentication_failed' } } };
    const { actor } = setUp({ logIn: async () => Promise.reject(error) });
    actor.send({ type: 'session.login', email: 'x@y.z', password: 'nope' });
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.loginError).toBe(error);
  });

  it('a sign-up answer starts the session', async () => {
    const { actor, signIn, calls } = setUp();
    await signIn();
    expect(actor.getSnapshot().context.user).toBe(user);
    expect(calls.storeTokens).toEqual([{ access: 'A1', refresh: 'R1' }]);
  });

  it('updating the user replaces it', async () => {
    const { actor, signIn } = setUp();
    await signIn();
    const renamed = { ...user, first_name: 'Anna' } as User;
    actor.send({ type: 'session.updateUser', user: renamed });
    expect(actor.getSnapshot().context.user).toBe(renamed);
  });

  it('logout calls the API, then clears the user', async () => {
    const { actor, signIn, calls } = setUp();
    await signIn();
    actor.send({ type: 'session.logout' });
    await flush();
    expect(calls.logOut).toBe(1);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(calls.clearTokens).toBe(1);
  });

  it('a failed logout still clears the user locally', async () => {
    const { actor, signIn } = setUp({ logOut: async () => Promise.reject(new Error('offline')) });
    await signIn();
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});

describe('storage changes', () => {
  it('clear the user when storage no longer holds a refresh token', async () => {
    let stored = true;
    const { actor, signIn, windowTarget } = setUp({ hasRefreshToken: () => stored });
    await signIn();
    stored = false;
    windowTarget.dispatchEvent(new Event('storage'));
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('keep the user while a refresh token is stored', async () => {
    const { actor, signIn, windowTarget } = setUp({ hasRefreshToken: () => true });
    await signIn();
    windowTarget.dispatchEvent(new Event('storage'));
    expect(actor.getSnapshot().context.user).toBe(user);
  });
});

describe('idle', () => {
  it('4:59 without activity keeps the session', async () => {
    const { actor, signIn, clock, calls } = setUp();
    await signIn();
    clock.increment(4 * MINUTE + 59_000);
    await flush();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(calls.endIdleSession).toBe(0);
  });

  it('5:00 without activity ends it through the idle handler (logout by default)', async () => {
    const { actor, signIn, clock, calls } = setUp();
    await signIn();
    clock.increment(5 * MINUTE);
    await flush();
    expect(calls.endIdleSession).toBe(1);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('if ending the idle session fails, the user is cleared locally', async () => {
    const { actor, signIn, clock } = setUp({ endIdleSession: async () => Promise.reject(new Error('offline')) });
    await signIn();
    clock.increment(5 * MINUTE);
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it.each(SPEC_ACTIVITY)('a %s resets the idle time', async (eventName) => {
    const { actor, signIn, clock, windowTarget } = setUp();
    await signIn();
    clock.increment(4 * MINUTE);
    windowTarget.dispatchEvent(new Event(eventName));
    clock.increment(4 * MINUTE + 59_000);
    await flush();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    clock.increment(1_000);
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('a burst of events inside 50 ms resets it once', async () => {
    const { signIn, clock, windowTarget, activityEvents } = setUp();
    await signIn();
    clock.increment(MINUTE);
    const before = activityEvents.length;
    for (let index = 0; index < 10; index += 1) {
      windowTarget.dispatchEvent(new Event(SPEC_ACTIVITY[index % SPEC_ACTIVITY.length]));
      clock.increment(4);
    }
    expect(activityEvents.length - before).toBe(1);
    clock.increment(50);
    windowTarget.dispatchEvent(new Event('mousemove'));
    expect(activityEvents.length - before).toBe(2);
  });

  it('a sleeping tab ends the session on wake when the idle time has passed, though no timer fired', async () => {
    const { actor, signIn, sleep, doc, calls } = setUp();
    await signIn();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    sleep(5 * MINUTE);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(calls.endIdleSession).toBe(1);
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('a hidden tab that gains focus after the idle time ends the session', async () => {
    const { actor, signIn, sleep, windowTarget } = setUp();
    await signIn();
    sleep(6 * MINUTE);
    windowTarget.dispatchEvent(new Event('focus'));
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('waking before the idle time has passed keeps the session', async () => {
    const { actor, signIn, sleep, doc } = setUp();
    await signIn();
    sleep(4 * MINUTE);
    doc.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('no idle clock runs while signed out', async () => {
    const { actor, clock, calls } = setUp();
    clock.increment(10 * MINUTE);
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(calls.endIdleSession).toBe(0);
  });
});

describe('why the session ended (read by the login page through selectSignedOutReason)', () => {
  const reasonOf = (actor: { getSnapshot(): Parameters<typeof selectSignedOutReason>[0] }) =>
    selectSignedOutReason(actor.getSnapshot());

  it('is none at start, and none after the person signs out themselves or another tab does', async () => {
    let stored = true;
    const { actor, signIn, windowTarget } = setUp({ hasRefreshToken: () => stored });
    expect(reasonOf(actor)).toBeNull();
    await signIn();
    actor.send({ type: 'session.logout' });
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(reasonOf(actor)).toBeNull();
    await signIn();
    stored = false;
    windowTarget.dispatchEvent(new Event('storage'));
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(reasonOf(actor)).toBeNull();
  });

  it("is 'idle' after 5:00 without activity, whether logout answers or fails", async () => {
    const answered = setUp();
    await answered.signIn();
    answered.clock.increment(5 * MINUTE);
    await flush();
    expect(reasonOf(answered.actor)).toBe('idle');

    const failed = setUp({ endIdleSession: async () => Promise.reject(new Error('offline')) });
    await failed.signIn();
    failed.clock.increment(5 * MINUTE);
    await flush();
    expect(failed.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(reasonOf(failed.actor)).toBe('idle');
  });

  it("is 'idle' when a sleeping tab wakes after the idle time", async () => {
    const { actor, signIn, sleep, windowTarget } = setUp();
    await signIn();
    sleep(6 * MINUTE);
    windowTarget.dispatchEvent(new Event('focus'));
    await flush();
    expect(reasonOf(actor)).toBe('idle');
  });

  it('is cleared by the next sign-in attempt (login or sign-up), and a later logout says nothing', async () => {
    const { actor, signIn, clock } = setUp({ logIn: async () => Promise.reject(new Error('bad credentials')) });
    await signIn();
    clock.increment(5 * MINUTE);
    await flush();
    expect(reasonOf(actor)).toBe('idle');
    actor.send({ type: 'session.login', email: 'ana@sunrise.test', password: 'wrong' });
    await flush();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(reasonOf(actor)).toBeNull();

    clock.increment(1);
    await signIn();
    clock.increment(5 * MINUTE);
    await flush();
    expect(reasonOf(actor)).toBe('idle');
    await signIn();
    expect(reasonOf(actor)).toBeNull();
    actor.send({ type: 'session.logout' });
    await flush();
    expect(reasonOf(actor)).toBeNull();
  });
});

describe('keep-alive (the server ends a session after 300 s without a request)', () => {
  /** Lets `ms` pass, with a mouse move every `every` ms when given. */
  async function pass(setup: ReturnType<typeof setUp>, ms: number, every?: number) {
    const step = every ?? ms;
    for (let elapsed = 0; elapsed < ms; elapsed += step) {
      setup.clock.increment(step);
      if (every) setup.windowTarget.dispatchEvent(new Event('mousemove'));
      await flush();
    }
  }

  it('activity every 30 s for 10 minutes keeps the session with one keep-alive a minute', async () => {
    const setup = setUp();
    await setup.signIn();
    await pass(setup, 10 * MINUTE, 30_000);
    expect(setup.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(setup.calls.endIdleSession).toBe(0);
    expect(setup.calls.keepAlive).toHaveLength(10);
    // Never two within a minute, never more than a minute and a half apart while active.
    const gaps = setup.calls.keepAlive.slice(1).map((at, index) => at - setup.calls.keepAlive[index]);
    expect(gaps.every((gap) => gap >= MINUTE && gap <= 90_000)).toBe(true);
  });

  it('no activity, no keep-alive: the session ends at 5:00 as on the server', async () => {
    const quiet = setUp();
    await quiet.signIn();
    await pass(quiet, 4 * MINUTE + 59_000);
    expect(quiet.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(quiet.calls.keepAlive).toEqual([]);
    await pass(quiet, 1_000);
    expect(quiet.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(quiet.calls.keepAlive).toEqual([]);
  });

  it('after a quiet minute, the next activity sends the keep-alive at once', async () => {
    const setup = setUp();
    await setup.signIn();
    await pass(setup, 2 * MINUTE);
    expect(setup.calls.keepAlive).toEqual([]);
    setup.windowTarget.dispatchEvent(new Event('keydown'));
    await flush();
    expect(setup.calls.keepAlive).toEqual([2 * MINUTE]);
  });

  it('activity inside the first minute waits for the minute', async () => {
    const setup = setUp();
    await setup.signIn();
    await pass(setup, 10_000);
    setup.windowTarget.dispatchEvent(new Event('wheel'));
    await pass(setup, 49_000);
    expect(setup.calls.keepAlive).toEqual([]);
    await pass(setup, 1_000);
    expect(setup.calls.keepAlive).toEqual([MINUTE]);
  });

  it('replaces the user when the keep-alive answers a changed one (e.g. READY), and survives a failure', async () => {
    const ready = { ...user, first_name: 'Ready' } as User;
    let answer: () => Promise<User> = async () => ready;
    const setup = setUp({ keepAlive: () => answer() });
    await setup.signIn();
    await pass(setup, 2 * MINUTE, 30_000);
    expect(setup.actor.getSnapshot().context.user).toEqual(ready);
    answer = async () => Promise.reject(new Error('offline'));
    await pass(setup, 2 * MINUTE, 30_000);
    expect(setup.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(setup.calls.keepAlive.length).toBe(4);
  });
});
