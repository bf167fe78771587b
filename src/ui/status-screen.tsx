import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const Wrapper = styled.div`
  min-height: 60vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(4, 2)};
  text-align: center;
  &.full-page {
    min-height: 100vh;
    min-height: 100dvh;
    background: ${({ theme }) => theme.palette.background.page};
  }
`;

const Content = styled.div`
  max-width: 480px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xxl};
    line-height: 1.2;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.palette.text.secondary};
  }
`;

export interface StatusScreenProps {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** true: a full page in its own <main>; false: content inside an existing layout's <main>. */
  landmark?: boolean;
}

/** Layout shared by the error, not-found and maintenance screens. */
export function StatusScreen({ title, children, actions, landmark = true }: StatusScreenProps) {
  return (
    <Wrapper as={landmark ? 'main' : 'div'} className={landmark ? 'full-page' : undefined}>
      <Content>
        <h1>{title}</h1>
        {children}
        {actions ? <div>{actions}</div> : null}
      </Content>
    </Wrapper>
  );
}
