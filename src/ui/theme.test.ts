import { describe, expect, it } from 'vitest';
import { contrastRatio, contrastText, createTheme, defaultTheme } from './theme';

describe('theme', () => {
  it('defaults to greys with primary 500 #D3D3D3', () => {
    expect(defaultTheme.palette.primary[500]).toBe('#D3D3D3');
    expect(Object.keys(defaultTheme.palette.primary)).toEqual([
      '50',
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
      '900',
    ]);
  });

  it("overrides the palette with an organization's style", () => {
    const theme = createTheme({ primary: { 500: '#0F766E', 700: '#115E59' } });
    expect(theme.palette.primary[500]).toBe('#0F766E');
    expect(theme.palette.primary[700]).toBe('#115E59');
    expect(theme.palette.primary[50]).toBe(defaultTheme.palette.primary[50]);
  });

  it.each(['#D3D3D3', '#0F766E', '#1D4ED8'])(
    'picks a text colour with at least 4.5:1 contrast on primary %s',
    (primary) => {
      const theme = createTheme({ primary: { 500: primary } });
      expect(contrastRatio(theme.palette.onPrimary, primary)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme.palette.primaryText, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('uses dark text on light grey and white text on teal and blue', () => {
    expect(contrastText('#D3D3D3')).toBe('#111827');
    expect(contrastText('#0F766E')).toBe('#FFFFFF');
    expect(contrastText('#1D4ED8')).toBe('#FFFFFF');
  });

  it('ignores malformed style values', () => {
    const theme = createTheme({ primary: 'teal' as never });
    expect(theme.palette.primary[500]).toBe('#D3D3D3');
  });
});
