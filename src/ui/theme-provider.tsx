import { Global, ThemeProvider, css, useTheme, type Theme } from '@emotion/react';
import { useMemo, type ReactNode } from 'react';
import { createTheme, defaultTheme, isAppTheme, type OrganizationStyle } from './theme';

function globalStyles(theme: Theme) {
  return css`
    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }
    html {
      -webkit-text-size-adjust: 100%;
    }
    body {
      margin: 0;
      font-family: ${theme.font.family};
      font-size: ${theme.font.size.md};
      line-height: 1.5;
      color: ${theme.palette.text.primary};
      background: ${theme.palette.background.page};
    }
    a {
      color: ${theme.palette.primaryText};
    }
    /* A link in running text is as tall as its line's glyphs (19 px): padding above and below makes it a
       24 px target without moving the line. Links styled otherwise (buttons, menus) set their own. */
    a:not([class]) {
      padding-block: 4px;
    }
    :focus-visible {
      outline: 3px solid ${theme.palette.focus};
      outline-offset: 2px;
    }
    @media (prefers-reduced-motion: reduce) {
      *,
      *::before,
      *::after {
        transition: none !important;
        animation: none !important;
      }
    }
  `;
}

/** Global base styles (box sizing, font, link colour, visible focus). Rendered by `PortalThemeProvider`. */
export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}

export interface PortalThemeProviderProps {
  /** The organization's `style` (palette); null/undefined gives the default grey theme. */
  style?: OrganizationStyle | null;
  children: ReactNode;
}

/** The Emotion theme of the organization plus the global styles. */
export function PortalThemeProvider({ style, children }: PortalThemeProviderProps) {
  const theme = useMemo(() => createTheme(style), [style]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  );
}

/** Renders children with the default theme when no theme is provided above (error boundaries, maintenance). */
export function ThemeFallback({ children }: { children: ReactNode }) {
  const theme = useTheme();
  if (isAppTheme(theme)) return <>{children}</>;
  return (
    <ThemeProvider theme={defaultTheme}>
      <GlobalStyles />
      {children}
    </ThemeProvider>
  );
}
