import { act, screen } from '@testing-library/react';
import { Form, Formik } from 'formik';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignatureField, SignaturePad, type SignaturePadHandle } from './signature-pad';
import { renderWithTheme } from './test-utils';

// jsdom has no canvas: replace signature_pad by a stand-in that records how it is built.
const { pads, FakePad } = vi.hoisted(() => {
  const pads: InstanceType<typeof FakePad>[] = [];
  class FakePad extends EventTarget {
    empty = true;
    constructor(
      readonly canvas: HTMLCanvasElement,
      readonly options: Record<string, unknown>,
    ) {
      super();
      pads.push(this);
    }
    isEmpty = () => this.empty;
    clear = vi.fn(() => {
      this.empty = true;
    });
    toDataURL = () => 'data:image/png;base64,AAAA';
    toData = () => [];
    fromData = vi.fn();
    fromDataURL = vi.fn(() => Promise.resolve());
    on = vi.fn();
    off = vi.fn();
    /** What a finished pen stroke does in the real library. */
    draw() {
      this.empty = false;
      this.dispatchEvent(new CustomEvent('endStroke'));
    }
  }
  return { pads, FakePad };
});
vi.mock('signature_pad', () => ({ default: FakePad }));

beforeEach(() => {
  pads.length = 0;
  HTMLCanvasElement.prototype.getContext = vi.fn(() => ({ scale: vi.fn() })) as never;
});

describe('SignaturePad', () => {
  it('builds signature_pad with min width 0.5, max 2.5, min distance 5, throttle 16 and velocity weight 0.7', () => {
    renderWithTheme(<SignaturePad label="Signature" />);
    expect(pads).toHaveLength(1);
    expect(pads[0].options).toMatchObject({
      minWidth: 0.5,
      maxWidth: 2.5,
      minDistance: 5,
      throttle: 16,
      velocityFilterWeight: 0.7,
    });
  });

  it('scales the canvas by the device pixel ratio', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(150);
    window.devicePixelRatio = 2;
    renderWithTheme(<SignaturePad label="Signature" />);
    const canvas = pads[0].canvas;
    expect(canvas.width).toBe(600);
    expect(canvas.height).toBe(300);
    window.devicePixelRatio = 1;
    vi.restoreAllMocks();
  });

  it('reports null while empty and a data URL after drawing; Clear empties it', async () => {
    const onChange = vi.fn();
    const ref = createRef<SignaturePadHandle>();
    renderWithTheme(<SignaturePad label="Signature" onChange={onChange} ref={ref} />);
    expect(screen.getByRole('img', { name: 'Signature' })).toBeInTheDocument();
    expect(ref.current!.isEmpty()).toBe(true);
    expect(ref.current!.toDataURL()).toBeNull();
    pads[0].draw();
    expect(onChange).toHaveBeenLastCalledWith('data:image/png;base64,AAAA');
    expect(ref.current!.isEmpty()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(pads[0].clear).toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(ref.current!.isEmpty()).toBe(true);
  });
});

describe('SignatureField', () => {
  it('holds null while empty and the data URL once drawn', async () => {
    let values: { signature: string | null } = { signature: null };
    renderWithTheme(
      <Formik initialValues={{ signature: null as string | null }} onSubmit={() => undefined}>
        {(formik) => {
          values = formik.values;
          return (
            <Form>
              <SignatureField name="signature" label="Signature" />
            </Form>
          );
        }}
      </Formik>,
    );
    await act(async () => pads[0].draw());
    expect(values.signature).toBe('data:image/png;base64,AAAA');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(values.signature).toBeNull();
  });
});
