/**
 * jsdom has no canvas: a stand-in for signature_pad (`vi.mock('signature_pad', () =>
 * import('../app/testing/fake-signature-pad'))`). `FakeSignaturePad.last.draw()` finishes a pen stroke.
 */
export default class FakeSignaturePad extends EventTarget {
  static last: FakeSignaturePad | null = null;
  empty = true;
  constructor(readonly canvas: HTMLCanvasElement) {
    super();
    FakeSignaturePad.last = this;
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
