import { render, type RenderOptions } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { PortalThemeProvider } from './theme-provider';
import type { OrganizationStyle } from './theme';

export interface ThemedRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  style?: OrganizationStyle | null;
  /** Initial router entries; the tree is wrapped in a MemoryRouter. */
  route?: string;
}

/** Renders inside the portal theme and a MemoryRouter (for tests). */
export function renderWithTheme(ui: ReactElement, { style, route = '/', ...options }: ThemedRenderOptions = {}) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>
      <PortalThemeProvider style={style}>{children}</PortalThemeProvider>
    </MemoryRouter>
  );
  return render(ui, { wrapper: Wrapper, ...options });
}

/** The serious or critical axe violations of a container (colour contrast cannot be computed in jsdom). */
export async function seriousAxeViolations(container: Element) {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
