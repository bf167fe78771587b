import '@emotion/react';

export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
export type Shade = (typeof SHADES)[number];
export type ColorScale = Record<Shade, string>;

/** An organization's `style`: a palette that overrides the default grey theme. */
export interface OrganizationStyle {
  primary?: Partial<ColorScale>;
  grey?: Partial<ColorScale>;
  [key: string]: unknown;
}

export interface Palette {
  primary: ColorScale;
  grey: ColorScale;
  /** Text colour on a primary 500 background, picked by luminance. */
  onPrimary: string;
  /** The primary shade that reads on white (links, focus rings, accents). */
  primaryText: string;
  text: { primary: string; secondary: string };
  background: { page: string; surface: string };
  border: string;
  error: { main: string; surface: string; border: string };
  success: { main: string; surface: string; border: string };
  warning: { main: string; surface: string; border: string };
  focus: string;
}

export const BREAKPOINTS = { sm: 600, md: 900, lg: 1200 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export interface AppTheme {
  palette: Palette;
  spacing: (...units: number[]) => string;
  radii: { sm: string; md: string; lg: string; round: string };
  breakpoints: typeof BREAKPOINTS;
  /** Media queries: `${theme.mq.up('sm')} { ... }`, `${theme.mq.down('sm')} { ... }`. */
  mq: { up: (bp: Breakpoint) => string; down: (bp: Breakpoint) => string };
  font: { family: string; size: { sm: string; md: string; lg: string; xl: string; xxl: string } };
  shadow: { card: string; raised: string };
}

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Emotion's Theme takes ours by declaration merging, which needs an interface
  export interface Theme extends AppTheme {}
}

export const DEFAULT_GREY: ColorScale = {
  50: '#FAFAFA',
  100: '#F4F4F5',
  200: '#E4E4E7',
  300: '#D4D4D8',
  400: '#A1A1AA',
  500: '#71717A',
  600: '#52525B',
  700: '#3F3F46',
  800: '#27272A',
  900: '#18181B',
};

/** Default primary: greys around #D3D3D3 (spec 9). */
export const DEFAULT_PRIMARY: ColorScale = {
  50: '#F9F9F9',
  100: '#F2F2F2',
  200: '#E8E8E8',
  300: '#DEDEDE',
  400: '#D8D8D8',
  500: '#D3D3D3',
  600: '#A9A9A9',
  700: '#7F7F7F',
  800: '#545454',
  900: '#2A2A2A',
};

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#FFFFFF';

function parseHex(color: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  let hex = match[1];
  if (hex.length === 3)
    hex = hex
      .split('')
      .map((c) => c + c)
      .join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a hex colour (0 black .. 1 white); unknown formats count as mid grey. */
export function relativeLuminance(color: string): number {
  const rgb = parseHex(color);
  if (!rgb) return 0.2;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The text colour (near-black or white) with the higher contrast on the given background. */
export function contrastText(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/** The first shade from 500 upwards that reaches 4.5:1 on white, for text and outlines. */
function readableShade(scale: ColorScale, fallback: string): string {
  for (const shade of [500, 600, 700, 800, 900] as const) {
    if (contrastRatio(scale[shade], '#FFFFFF') >= 4.5) return scale[shade];
  }
  return fallback;
}

function mergeScale(base: ColorScale, override: unknown): ColorScale {
  if (!override || typeof override !== 'object') return base;
  const merged = { ...base };
  for (const shade of SHADES) {
    const value = (override as Record<string, unknown>)[shade];
    if (typeof value === 'string' && value.trim()) merged[shade] = value.trim();
  }
  return merged;
}

const spacing = (...units: number[]) => (units.length ? units : [1]).map((u) => `${u * 8}px`).join(' ');

/** The theme for an organization's style (null/undefined gives the default grey theme). */
export function createTheme(style?: OrganizationStyle | null): AppTheme {
  const primary = mergeScale(DEFAULT_PRIMARY, style?.primary);
  const grey = mergeScale(DEFAULT_GREY, style?.grey);
  const primaryText = readableShade(primary, grey[800]);
  return {
    palette: {
      primary,
      grey,
      onPrimary: contrastText(primary[500]),
      primaryText,
      text: { primary: grey[900], secondary: grey[600] },
      background: { page: grey[50], surface: '#FFFFFF' },
      border: grey[300],
      error: { main: '#B91C1C', surface: '#FEF2F2', border: '#FCA5A5' },
      success: { main: '#166534', surface: '#F0FDF4', border: '#86EFAC' },
      warning: { main: '#92400E', surface: '#FFFBEB', border: '#FCD34D' },
      focus: primaryText,
    },
    spacing,
    radii: { sm: '4px', md: '8px', lg: '12px', round: '999px' },
    breakpoints: BREAKPOINTS,
    mq: {
      up: (bp) => `@media (min-width: ${BREAKPOINTS[bp]}px)`,
      down: (bp) => `@media (max-width: ${BREAKPOINTS[bp] - 0.02}px)`,
    },
    font: {
      family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      size: { sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.5rem', xxl: '2rem' },
    },
    shadow: {
      card: '0 1px 2px rgba(0,0,0,0.06), 0 1px 3px rgba(0,0,0,0.1)',
      raised: '0 4px 12px rgba(0,0,0,0.12)',
    },
  };
}

export const defaultTheme = createTheme();

export function isAppTheme(theme: unknown): theme is AppTheme {
  return !!theme && typeof theme === 'object' && 'palette' in theme && 'spacing' in theme;
}
