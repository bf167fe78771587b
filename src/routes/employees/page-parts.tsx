import styled from '@emotion/styled';

/** Layout pieces shared by the hiring pages (applications, employees, onboarding settings). */

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

export type TagTone = 'neutral' | 'success' | 'warning' | 'error';

/** A status word in a pill: the text carries the meaning, the colour only repeats it. */
export const Tag = styled('span', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone?: TagTone }>(({ theme, tone = 'neutral' }) => {
  const colours = tone === 'neutral' ? { main: theme.palette.text.primary, surface: theme.palette.grey[100], border: theme.palette.grey[300] } : theme.palette[tone];
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    padding: '2px 10px',
    borderRadius: theme.radii.round,
    border: `1px solid ${colours.border}`,
    background: colours.surface,
    color: colours.main,
    fontSize: theme.font.size.sm,
    fontWeight: 600,
    whiteSpace: 'normal',
    justifySelf: 'start',
    alignSelf: 'start',
    maxWidth: '100%',
  };
});

export const TagList = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

