import type { ReactNode, SVGProps } from 'react';

export interface LineIconProps extends Omit<SVGProps<SVGSVGElement>, 'width' | 'height'> {
  /** Width and height in pixels. */
  size: number;
  /** The drawing, on a 24 by 24 grid. */
  children: ReactNode;
}

/** A line-drawn icon in the text's colour, hidden from assistive technology (its button or link names it). */
export function LineIcon({ size, children, ...props }: LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
