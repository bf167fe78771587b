import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'text';
export type ButtonSize = 'sm' | 'md';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function buttonStyles(theme: Theme, { variant = 'primary', size = 'md', fullWidth }: ButtonStyleProps) {
  const { palette } = theme;
  const colours = {
    primary: {
      bg: palette.primary[500],
      fg: palette.onPrimary,
      border: palette.primary[500],
      hover: palette.primary[600],
    },
    secondary: {
      bg: palette.background.surface,
      fg: palette.text.primary,
      border: palette.grey[400],
      hover: palette.grey[100],
    },
    danger: { bg: palette.error.main, fg: '#FFFFFF', border: palette.error.main, hover: '#991B1B' },
    text: { bg: 'transparent', fg: palette.primaryText, border: 'transparent', hover: palette.grey[100] },
  }[variant];
  return css`
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: ${theme.spacing(1)};
    min-height: ${size === 'sm' ? '36px' : '44px'};
    padding: ${size === 'sm' ? '4px 12px' : '8px 20px'};
    /* a finger needs 44 px where there is no mouse (a phone) */
    @media (pointer: coarse) {
      min-height: 44px;
    }
    width: ${fullWidth ? '100%' : 'auto'};
    border: 1px solid ${colours.border};
    border-radius: ${theme.radii.md};
    background: ${colours.bg};
    color: ${colours.fg};
    font: inherit;
    font-size: ${size === 'sm' ? theme.font.size.sm : theme.font.size.md};
    font-weight: 600;
    line-height: 1.2;
    text-decoration: none;
    cursor: pointer;
    transition:
      background-color 120ms ease,
      filter 120ms ease;
    &:hover:not(:disabled) {
      ${variant === 'primary' ? 'filter: brightness(0.94);' : `background: ${colours.hover};`}
    }
    &:focus-visible {
      outline: 3px solid ${palette.focus};
      outline-offset: 2px;
    }
    &:disabled,
    &[aria-disabled='true'] {
      cursor: not-allowed;
      background: ${palette.grey[200]};
      border-color: ${palette.grey[200]};
      color: ${palette.grey[600]};
    }
  `;
}

const StyledButton = styled('button', {
  shouldForwardProp: (prop) => !['variant', 'size', 'fullWidth'].includes(prop),
})<ButtonStyleProps>((props) => buttonStyles(props.theme, props));

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {}

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ type = 'button', ...props }, ref) {
  return <StyledButton ref={ref} type={type} {...props} />;
});

const StyledLink = styled(Link, {
  shouldForwardProp: (prop) => !['variant', 'size', 'fullWidth'].includes(prop),
})<ButtonStyleProps>((props) => buttonStyles(props.theme, props));

export type ButtonLinkProps = LinkProps & ButtonStyleProps;

/** A react-router link that looks like a button (needs a router). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(props, ref) {
  return <StyledLink ref={ref} {...props} />;
});

const StyledAnchor = styled('a', {
  shouldForwardProp: (prop) => !['variant', 'size', 'fullWidth'].includes(prop),
})<ButtonStyleProps>((props) => buttonStyles(props.theme, props));

export type ButtonAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyleProps;

/** A plain `<a href>` that looks like a button (works without a router, reloads the page). */
export const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>(function ButtonAnchor(props, ref) {
  return <StyledAnchor ref={ref} {...props} />;
});

/** A text link styled with the theme's readable primary shade (react-router). */
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.palette.primaryText};
  font-weight: 600;
  text-underline-offset: 2px;
  /* a 24 px target in running text (see the global link rule) */
  padding-block: 4px;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: 2px;
    border-radius: 2px;
  }
`;
