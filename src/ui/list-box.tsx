import styled from '@emotion/styled';

/** A bordered box of rows on the page's surface (conversations, notifications); the caller draws its rows. */
export const ListBox = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ theme }) => theme.palette.background.surface};
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
`;
