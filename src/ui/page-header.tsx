import styled from '@emotion/styled';
import type { ReactNode } from 'react';

// A <div>, not a <header>: inside the dashboard the layout's banner is the page's one <header>.
const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.palette.text.secondary};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
`;

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons/links on the right (they wrap under the title on a phone). */
  actions?: ReactNode;
  /** Content above the title (e.g. a back link). */
  before?: ReactNode;
}

/** The title row of a page: one h1, an optional description and actions. */
export function PageHeader({ title, description, actions, before }: PageHeaderProps) {
  return (
    <Header>
      <div css={{ minWidth: 0 }}>
        {before}
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? <Actions>{actions}</Actions> : null}
    </Header>
  );
}
