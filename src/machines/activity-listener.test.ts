import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyActorLogic } from 'xstate';
import { ACTIVITY_THROTTLE_MS } from '../domain/constants';
import { createActivityListener, createStorageListener } from './activity-listener';

/** Spec 9's activity (mouse move, mouse down, resize, key down, touch start, wheel), named here, not read from the code. */
const SPEC_ACTIVITY = ['mousemove', 'mousedown', 'resize', 'keydown', 'touchstart', 'wheel'];

/** Runs a listener under a parent that records what it sends back; `stop()` ends it as leaving the state does. */
function run(logic: AnyActorLogic) {
  const received: { type: string; at?: number; initial?: boolean; hasRefreshToken?: boolean }[] = [];
  const parent = createActor(
    createMachine({
      invoke: { src: 'listener' },
      on: { '*': { actions: ({ event }) => received.push(event as never) } },
    }).provide({ actors: { listener: logic } }),
  );
  parent.start();
  return { received, stop: () => parent.stop() };
}

/** An EventTarget that keeps its listeners by event type, to see that stopping removes every one. */
class CountingTarget extends EventTarget {
  private registered = new Map<string, Set<unknown>>();
  /** The options each event type was last listened for with. */
  options = new Map<string, unknown>();
  get listeners() {
    return [...this.registered.values()].reduce((sum, set) => sum + set.size, 0);
  }
  get types() {
    return [...this.registered].filter(([, set]) => set.size > 0).map(([type]) => type);
  }
  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: AddEventListenerOptions | boolean,
  ) {
    if (!this.registered.has(type)) this.registered.set(type, new Set());
    this.registered.get(type)!.add(listener);
    this.options.set(type, options);
    super.addEventListener(type, listener, options);
  }
  override removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: EventListenerOptions | boolean,
  ) {
    this.registered.get(type)?.delete(listener);
    super.removeEventListener(type, listener, options);
  }
}

describe('the activity listener', () => {
  const setUp = () => {
    let clock = 1_000;
    const target = new CountingTarget();
    const doc = Object.assign(new CountingTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const listener = run(createActivityListener({ target, document: doc as unknown as Document, now: () => clock }));
    return { target, doc, ...listener, advance: (ms: number) => (clock += ms), now: () => clock };
  };

  it('reports one activity as it starts (not the user’s), then every activity at most once per throttle', () => {
    const { target, received, advance } = setUp();
    expect(received).toEqual([{ type: 'session.activity', at: 1_000, initial: true }]);
    target.dispatchEvent(new Event('mousemove'));
    expect(received).toHaveLength(1); // within the throttle of the initial report
    advance(ACTIVITY_THROTTLE_MS - 1);
    target.dispatchEvent(new Event('keydown'));
    expect(received).toHaveLength(1);
    advance(1); // exactly the throttle: reported
    target.dispatchEvent(new Event('keydown'));
    expect(received.at(-1)).toEqual({ type: 'session.activity', at: 1_000 + ACTIVITY_THROTTLE_MS });
    for (const name of SPEC_ACTIVITY) {
      advance(ACTIVITY_THROTTLE_MS);
      target.dispatchEvent(new Event(name));
      expect(received.at(-1), name).toEqual({ type: 'session.activity', at: expect.any(Number) });
    }
    expect(received).toHaveLength(2 + SPEC_ACTIVITY.length);
  });

  it('listens for spec 9’s six activity events and no other, passively (scrolling and touch are never held back)', () => {
    const { target } = setUp();
    expect(target.types.sort()).toEqual([...SPEC_ACTIVITY, 'focus'].sort());
    for (const name of SPEC_ACTIVITY) expect(target.options.get(name), name).toEqual({ passive: true });
  });

  it.each(SPEC_ACTIVITY)(
    'reports a %s where the browser fires it (the window, or bubbling up to it from the page)',
    (name) => {
      let clock = 1_000;
      const { received, stop } = run(createActivityListener({ now: () => clock }));
      try {
        clock += ACTIVITY_THROTTLE_MS;
        // resize fires on the window itself; the others on an element of the page, and bubble to the window
        if (name === 'resize') window.dispatchEvent(new Event(name));
        else document.body.dispatchEvent(new Event(name, { bubbles: true }));
        expect(received).toEqual([
          { type: 'session.activity', at: 1_000, initial: true },
          { type: 'session.activity', at: clock },
        ]);
      } finally {
        stop();
      }
    },
  );

  it('reports a wake when the tab gains focus or becomes visible, not when it is hidden', () => {
    const { target, doc, received, advance, now } = setUp();
    advance(10_000);
    target.dispatchEvent(new Event('focus'));
    expect(received.at(-1)).toEqual({ type: 'session.wake', at: now() });
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(received.filter((e) => e.type === 'session.wake')).toHaveLength(1);
    doc.visibilityState = 'visible';
    advance(5);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(received.at(-1)).toEqual({ type: 'session.wake', at: now() });
  });

  it('removes every listener when it stops, and reports nothing after', () => {
    const { target, doc, received, stop, advance } = setUp();
    expect(target.listeners).toBe(SPEC_ACTIVITY.length + 1);
    expect(doc.listeners).toBe(1);
    stop();
    expect(target.listeners).toBe(0);
    expect(doc.listeners).toBe(0);
    const before = received.length;
    advance(ACTIVITY_THROTTLE_MS * 10);
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('focus'));
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(received).toHaveLength(before);
  });
});

describe('the storage listener', () => {
  it('reports each storage change with whether a refresh token is still stored, until it stops', () => {
    const target = new CountingTarget();
    let stored = true;
    const { received, stop } = run(createStorageListener({ target, hasRefreshToken: () => stored }));
    target.dispatchEvent(new Event('storage'));
    stored = false;
    target.dispatchEvent(new Event('storage'));
    expect(received).toEqual([
      { type: 'session.storageChanged', hasRefreshToken: true },
      { type: 'session.storageChanged', hasRefreshToken: false },
    ]);
    stop();
    expect(target.listeners).toBe(0);
    target.dispatchEvent(new Event('storage'));
    expect(received).toHaveLength(2);
  });
});
