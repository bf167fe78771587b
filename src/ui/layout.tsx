import styled from '@emotion/styled';

/** Page layout pieces: filter rows, panels and cards, columns, stacks, action rows, message stacks, item lists, label/value pairs. */

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

export const Card = styled.section`
  min-width: 0;
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  ${({ theme }) => theme.mq.up('sm')} {
    padding: ${({ theme }) => theme.spacing(3)};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
`;

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

export const ItemList = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.spacing(1, 0, 0)};
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing(1)};
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(1, 0)};
    border-bottom: 1px solid ${({ theme }) => theme.palette.grey[200]};
    overflow-wrap: anywhere;
  }
  li:last-of-type {
    border-bottom: 0;
  }
  a {
    color: ${({ theme }) => theme.palette.primaryText};
    font-weight: 600;
  }
`;
