import styled from '@emotion/styled';
import { useField } from 'formik';
import SignaturePadLibrary from 'signature_pad';
import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useRef, type ReactNode } from 'react';
import { SIGNATURE_PAD_OPTIONS } from '../domain/constants';
import { Button } from './button';
import { FieldError, FieldHint, FieldRoot } from './fields';

export interface SignaturePadHandle {
  isEmpty: () => boolean;
  clear: () => void;
  /** PNG data URL, or null when empty. */
  toDataURL: () => string | null;
}

export interface SignaturePadProps {
  label: ReactNode;
  /** Called after each stroke and on clear: null when empty, a PNG data URL otherwise. */
  onChange?: (dataUrl: string | null) => void;
  /** An existing signature (data URL) drawn on mount. */
  initialValue?: string | null;
  hint?: ReactNode;
  error?: string | null;
  height?: number;
  disabled?: boolean;
}

const Canvas = styled.canvas<{ invalid: boolean }>`
  display: block;
  width: 100%;
  touch-action: none;
  background: #ffffff;
  border: 1px solid ${({ theme, invalid }) => (invalid ? theme.palette.error.main : theme.palette.grey[500])};
  border-radius: ${({ theme }) => theme.radii.md};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: 2px;
  }
`;

/** Options handed to signature_pad: the spec's constants plus colours. */
export const SIGNATURE_OPTIONS = { ...SIGNATURE_PAD_OPTIONS, penColor: '#111827', backgroundColor: 'rgba(0,0,0,0)' };

/** A signature drawing pad (signature_pad) with a Clear button and an empty check. */
export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { label, onChange, initialValue, hint, error, height = 180, disabled },
  ref,
) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLibrary | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const generated = useId();
  const labelId = `signature-${generated}-label`;
  const hintId = `signature-${generated}-hint`;
  const errorId = `signature-${generated}-error`;

  const current = useCallback((): string | null => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return null;
    return pad.toDataURL('image/png');
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      clear: () => padRef.current?.clear(),
      toDataURL: current,
    }),
    [current],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadLibrary(canvas, SIGNATURE_OPTIONS);
    padRef.current = pad;

    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length) pad.fromData(data);
    };
    resize();
    if (initialValue) {
      void pad
        .fromDataURL(initialValue, {
          ratio: 1,
          width: canvas.offsetWidth || undefined,
          height: canvas.offsetHeight || undefined,
        })
        .catch(() => undefined);
    }
    const onEndStroke = () => onChangeRef.current?.(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', onEndStroke);
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', onEndStroke);
      pad.off();
      padRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initialValue is only drawn on mount
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current?.(null);
  };

  return (
    <FieldRoot>
      <span id={labelId} css={{ fontWeight: 600, fontSize: '0.875rem' }}>
        {label}
      </span>
      <Canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={labelId}
        aria-describedby={[hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
        invalid={!!error}
        style={{ height }}
      />
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : <span />}
        <Button size="sm" variant="secondary" onClick={clear} disabled={disabled}>
          Clear
        </Button>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldRoot>
  );
});

export type SignatureFieldProps = Omit<SignaturePadProps, 'onChange' | 'error' | 'initialValue'> & { name: string };

/** SignaturePad bound to a Formik field holding a PNG data URL, or null while empty; error once touched. */
export const SignatureField = forwardRef<SignaturePadHandle, SignatureFieldProps>(function SignatureField(
  { name, ...props },
  ref,
) {
  const [field, meta, helpers] = useField<string | null>(name);
  return (
    <SignaturePad
      {...props}
      ref={ref}
      initialValue={field.value}
      onChange={(dataUrl) => {
        void helpers.setValue(dataUrl);
        void helpers.setTouched(true, false);
      }}
      error={meta.touched && typeof meta.error === 'string' ? meta.error : undefined}
    />
  );
});
