import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../app/page-title';

// Not the design system's PageHeader: that renders a <header>, and the dashboard keeps exactly one
// <header> (its banner) on the page.
const TitleRow = styled.div`
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

export interface PrivatePageProps {
  /** The page's h1, also used in the document title. */
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A page inside the dashboard layout: its h1 (and document title), then its content. */
export function PrivatePage({ title, description, actions, children }: PrivatePageProps) {
  usePageTitle(title);
  return (
    <>
      <TitleRow>
        <div css={{ minWidth: 0 }}>
          <h1>{title}</h1>
          {description ? <p>{description}</p> : null}
        </div>
        {actions ? <Actions>{actions}</Actions> : null}
      </TitleRow>
      {children}
    </>
  );
}
