import { useTheme } from '@emotion/react';
import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Page = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(2)};
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.palette.primary[100]} 0%,
    ${({ theme }) => theme.palette.background.page} 60%
  );
`;

const Card = styled.div`
  width: 100%;
  max-width: 420px;
  background: ${({ theme }) => theme.palette.background.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  padding: ${({ theme }) => theme.spacing(3, 2)};
  ${({ theme }) => theme.mq.up('sm')} {
    padding: ${({ theme }) => theme.spacing(4)};
  }
  h1 {
    margin: 0 0 ${({ theme }) => theme.spacing(2)};
    font-size: ${({ theme }) => theme.font.size.xl};
    line-height: 1.25;
  }
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1.5)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};
`;

const Logo = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.palette.primary[500]};
  color: ${({ theme }) => theme.palette.onPrimary};
  font-weight: 700;
  font-size: 1.25rem;
`;

const Name = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.size.lg};
  line-height: 1.3;
  overflow-wrap: anywhere;
`;

const Description = styled.div`
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.palette.text.secondary};
`;

const Footer = styled.div`
  margin-top: ${({ theme }) => theme.spacing(3)};
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

export interface BrandBoxProps {
  /** The page's h1 ("Sign in"). */
  title: ReactNode;
  /** The organization's name (shown with a logo in the primary colour). */
  organizationName?: string | null;
  description?: ReactNode;
  /** Links under the card contents ("Forgot password?", "Back to sign in"). */
  footer?: ReactNode;
  children?: ReactNode;
}

/** The public pages' layout (Login, ForgotPassword, ResetPassword, SignUp): a centred branded card in <main>. */
export function BrandBox({ title, organizationName, description, footer, children }: BrandBoxProps) {
  const theme = useTheme();
  const name = organizationName || 'Care Portal';
  return (
    <Page>
      <Card>
        <Brand>
          <Logo aria-hidden="true" data-testid="brand-logo" style={{ background: theme.palette.primary[500] }}>
            {initials(name) || 'CP'}
          </Logo>
          <Name>{name}</Name>
        </Brand>
        <h1>{title}</h1>
        {description ? <Description>{description}</Description> : null}
        {children}
        {footer ? <Footer>{footer}</Footer> : null}
      </Card>
    </Page>
  );
}
