import styled from '@emotion/styled';
import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

const Box = styled.div<{ tone: AlertTone }>(({ theme, tone }) => {
  const colours =
    tone === 'info'
      ? { main: theme.palette.text.primary, surface: theme.palette.grey[100], border: theme.palette.grey[300] }
      : theme.palette[tone];
  return {
    padding: theme.spacing(1.5, 2),
    borderRadius: theme.radii.md,
    border: `1px solid ${colours.border}`,
    background: colours.surface,
    color: colours.main,
    fontSize: theme.font.size.sm,
    fontWeight: 500,
    overflowWrap: 'anywhere',
  };
});

export interface AlertProps {
  tone?: AlertTone;
  children: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A message box. Errors use role="alert" (announced at once); others role="status".
 * Render it conditionally so screen readers announce it when it appears.
 */
export function Alert({ tone = 'info', children, id, className }: AlertProps) {
  return (
    <Box tone={tone} role={tone === 'error' ? 'alert' : 'status'} id={id} className={className}>
      {children}
    </Box>
  );
}
