import styled from '@emotion/styled';
import type { StatusTone } from '../domain/status-text';

export type TagTone = StatusTone;

/** A status word in a pill: the text carries the meaning, the colour only repeats it. */
export const Tag = styled('span', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone?: TagTone }>(({
  theme,
  tone = 'neutral',
}) => {
  const colours =
    tone === 'neutral'
      ? { main: theme.palette.text.primary, surface: theme.palette.grey[100], border: theme.palette.grey[300] }
      : theme.palette[tone];
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

/** The pill on one line, aligned as its row aligns it (the employee's own onboarding and notifications). */
export const StatusTag = styled(Tag)({
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  justifySelf: 'auto',
  alignSelf: 'auto',
  maxWidth: 'none',
});

export const TagList = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;
