import { act, waitFor } from '@testing-library/react';

/**
 * jsdom has no canvas: a stand-in for signature_pad (`vi.mock('signature_pad', () =>
 * import('../app/testing/fake-signature-pad'))`). `await drawSignature(canvas)` finishes a pen stroke
 * on the pad of that canvas.
 */
const pads = new WeakMap<Element, FakeSignaturePad>();

export default class FakeSignaturePad extends EventTarget {
  empty = true;
  constructor(readonly canvas: HTMLCanvasElement) {
    super();
    pads.set(canvas, this);
  }
  isEmpty = () => this.empty;
  clear = () => {
    this.empty = true;
  };
  toDataURL = () => 'data:image/png;base64,U0lHTkFUVVJF';
  toData = () => [];
  fromData = () => {};
  fromDataURL = () => Promise.resolve();
  on = () => {};
  off = () => {};
  /** What a finished pen stroke does in the real library. */
  draw() {
    this.empty = false;
    this.dispatchEvent(new CustomEvent('endStroke'));
  }
}

/**
 * Draws on the pad of `canvas` (the element with the pad's label). The pad is created in an effect
 * after the canvas is on the page: wait for it, or the stroke would go to no pad (or an old one).
 */
export async function drawSignature(canvas: Element) {
  const pad = await waitFor(() => {
    const found = pads.get(canvas);
    if (!found) throw new Error('The signature pad of this canvas has not been created yet');
    return found;
  });
  await act(async () => pad.draw());
}
