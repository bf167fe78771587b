import { FIRST_PAINT_ID, SIGNED_IN_MARK } from '../domain/first-paint-marks';

/** Whether the server's first paint is on the screen (it is removed at once when hidden for a session). */
export function firstPaintOnScreen(): boolean {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_PAINT_ID);
  if (element && document.documentElement.hasAttribute(SIGNED_IN_MARK)) element.remove();
  return Boolean(element?.isConnected);
}

export function removeFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
