import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Branding } from './branding';

describe('Branding', () => {
  it('sets the document title and favicon from the organization', () => {
    render(<Branding organization={{ name: 'Sunrise Home Care', favicon: '/favicons/sunrise.svg' }} />);
    expect(document.title).toBe('Sunrise Home Care');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicons/sunrise.svg');
  });

  it('prefixes a page title and falls back to Care Portal', () => {
    render(<Branding organization={null} pageTitle="Sign in" />);
    expect(document.title).toBe('Sign in · Care Portal');
  });
});
