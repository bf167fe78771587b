import styled from '@emotion/styled';

/** A count in a pill (unread messages, checks to do): white on the primary colour; the caller sets its spacing. */
export const CountBadge = styled.span`
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.palette.primaryText};
  color: #fff;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 700;
  text-align: center;
`;
