import type { ReactNode } from 'react';
import { Branding } from '../ui/branding';
import type { OrganizationStyle } from '../ui/theme';
import { PortalThemeProvider } from '../ui/theme-provider';
import { useOrganization } from './organization';
import { PageTitleProvider, useCurrentPageTitle } from './page-title';

/** The organization's theme (its `style` over the default greys), favicon and document title. */
export function OrganizationTheme({ children }: { children: ReactNode }) {
  const { organization } = useOrganization();
  return (
    <PageTitleProvider>
      <PortalThemeProvider style={(organization?.style ?? null) as OrganizationStyle | null}>
        <OrganizationBranding organization={organization} />
        {children}
      </PortalThemeProvider>
    </PageTitleProvider>
  );
}

function OrganizationBranding({
  organization,
}: {
  organization: { name?: string | null; favicon?: string | null } | null;
}) {
  const pageTitle = useCurrentPageTitle();
  return <Branding organization={organization} pageTitle={pageTitle} />;
}
