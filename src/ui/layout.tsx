import styled from '@emotion/styled';

/** Page layout pieces: filter rows, panels, columns, action rows, message stacks, label/value pairs. */

export const Filters = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(2)};
  ${({ theme }) => theme.mq.up('sm')} {
    grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  }
`;

export const Panel = styled.section`
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3, 2)};
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  min-width: 0;
  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing(2)};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  h3 {
    margin: ${({ theme }) => theme.spacing(2, 0, 1)};
    font-size: ${({ theme }) => theme.font.size.md};
  }
`;

export const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  ${({ theme }) => theme.mq.up('sm')} {
    grid-template-columns: 1fr 1fr;
  }
`;

export const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
`;

export const Messages = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-bottom: ${({ theme }) => theme.spacing(2)};
  &:empty {
    display: none;
  }
`;

/** Label/value pairs: two columns on wide screens, stacked on a phone. */
export const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing(1, 2)};
  margin: 0;
  ${({ theme }) => theme.mq.up('sm')} {
    grid-template-columns: minmax(140px, max-content) 1fr;
  }
  dt {
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.palette.text.secondary};
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.spacing(1)};
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
`;
