import { useEffect } from 'react';

export const DEFAULT_DOCUMENT_TITLE = 'Care Portal';

export interface BrandingOrganization {
  name?: string | null;
  favicon?: string | null;
}

function faviconLink(): HTMLLinkElement {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  return link;
}

/**
 * Sets document.title (the organization's name, or "<page> · <name>" with a page title) and the favicon
 * (`<link rel=icon>`) from the organization.
 */
export function useBranding(organization: BrandingOrganization | null | undefined, pageTitle?: string) {
  const name = organization?.name || DEFAULT_DOCUMENT_TITLE;
  const favicon = organization?.favicon || null;
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${name}` : name;
  }, [name, pageTitle]);
  useEffect(() => {
    if (favicon) faviconLink().href = favicon;
  }, [favicon]);
}

export interface BrandingProps {
  organization: BrandingOrganization | null | undefined;
  pageTitle?: string;
}

/** Renders nothing; applies the organization's title and favicon to the document. */
export function Branding({ organization, pageTitle }: BrandingProps) {
  useBranding(organization, pageTitle);
  return null;
}
