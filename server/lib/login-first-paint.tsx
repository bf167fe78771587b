import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { FIRST_PAINT_ID } from '#domain/first-paint-marks';
import { LoginForm } from '../../src/routes/login/login-form';
import { SHADES, type OrganizationStyle } from '../../src/ui/theme';
import { PortalThemeProvider } from '../../src/ui/theme-provider';
import { FIRST_PAINT_HEAD } from './first-paint-script';

// A colour as CSS writes one, and nothing that could end a <style> element or a declaration.
const SAFE_COLOUR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,30}|(?:rgb|rgba|hsl|hsla)\([\d\s.,%/a-z]{1,60}\))$/i;

/** The organization's style when every colour the theme reads from it is a plain colour, else null. */
export function safeStyle(style: unknown): OrganizationStyle | null {
  if (!style || typeof style !== 'object') return {};
  const { primary, grey } = style as OrganizationStyle;
  for (const scale of [primary, grey]) {
    if (scale === undefined || scale === null) continue;
    if (typeof scale !== 'object') return null;
    for (const shade of SHADES) {
      const value = (scale as Record<string, unknown>)[shade];
      if (typeof value === 'string' && value.trim() && !SAFE_COLOUR.test(value.trim())) return null;
    }
  }
  return style as OrganizationStyle;
}

export interface FirstPaintOrganization {
  name: string;
  style: unknown;
}

/**
 * The sign-in page of /login/:org as the app draws it (LoginForm in the organization's theme), for the HTML:
 * `head` goes before </head>, `body` before #root. Null when the organization's colours are not plain colours.
 * The form cannot send anything before the app has taken it over: its button is disabled (as the app draws an
 * untouched form), so neither a click nor Enter submits it, and its fields have no name (a submitted form
 * would carry no value).
 */
export function renderLoginFirstPaint(
  org: string,
  organization: FirstPaintOrganization,
): { head: string; body: string } | null {
  const style = safeStyle(organization.style);
  if (!style) return null;
  const page = renderToString(
    <PortalThemeProvider style={style}>
      <StaticRouter location={`/login/${encodeURIComponent(org)}`}>
        <LoginForm org={org} organizationName={organization.name} onSubmit={() => {}} />
      </StaticRouter>
    </PortalThemeProvider>,
  );
  const inert = page.replace(/(<input\b[^>]*?)\sname="[^"]*"/g, '$1').replace(/<form\b/, '<form method="post"');
  return { head: FIRST_PAINT_HEAD, body: `<div id="${FIRST_PAINT_ID}">${inert}</div>` };
}
