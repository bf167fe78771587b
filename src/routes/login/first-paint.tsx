import { useFormikContext } from 'formik';
import { useLayoutEffect } from 'react';
import { FIRST_PAINT_ID } from '../../domain/first-paint-marks';
import type { LoginValues } from './login-form';

/**
 * Inside the sign-in form, as React draws it over the server's first paint: what the person typed there (and
 * where the caret was) moves into the form, then the first paint goes (before the browser paints again).
 */
export function TakeOverFirstPaint() {
  const { setValues } = useFormikContext<LoginValues>();
  useLayoutEffect(() => {
    const firstPaint = document.getElementById(FIRST_PAINT_ID);
    if (!firstPaint) return;
    const input = (autocomplete: string) =>
      firstPaint.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`);
    const email = input('username');
    const password = input('current-password');
    const focused =
      document.activeElement === email ? 'email' : document.activeElement === password ? 'password' : null;
    firstPaint.remove();
    if (email?.value || password?.value) void setValues({ email: email?.value ?? '', password: password?.value ?? '' });
    if (focused) document.querySelector<HTMLInputElement>(`#root form input[name="${focused}"]`)?.focus();
  }, [setValues]);
  return null;
}
