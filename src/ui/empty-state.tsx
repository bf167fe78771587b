import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
  padding: ${({ theme }) => theme.spacing(5, 2)};
  text-align: center;
  color: ${({ theme }) => theme.palette.text.secondary};
  p {
    margin: 0;
    max-width: 40ch;
  }
`;

const Title = styled.p`
  font-weight: 600;
  font-size: ${({ theme }) => theme.font.size.lg};
  color: ${({ theme }) => theme.palette.text.primary};
`;

export interface EmptyStateProps {
  title?: ReactNode;
  description?: ReactNode;
  /** A button or link (e.g. "Invite user"). */
  action?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title = 'Nothing here yet', description, action }: EmptyStateProps) {
  return (
    <Box>
      <Title>{title}</Title>
      {description ? <p>{description}</p> : null}
      {action ? <div css={{ marginTop: 8 }}>{action}</div> : null}
    </Box>
  );
}
