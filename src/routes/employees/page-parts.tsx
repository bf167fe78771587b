import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

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

const SubNavList = styled.nav`
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  border-bottom: 1px solid ${({ theme }) => theme.palette.border};
  overflow-x: auto;
  ul {
    display: flex;
    gap: ${({ theme }) => theme.spacing(0.5)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a,
  button {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 8px 14px;
    border: 0;
    border-bottom: 3px solid transparent;
    background: none;
    font: inherit;
    font-weight: 600;
    color: ${({ theme }) => theme.palette.text.secondary};
    text-decoration: none;
    white-space: nowrap;
    cursor: pointer;
  }
  a[aria-current='page'],
  button[aria-pressed='true'] {
    color: ${({ theme }) => theme.palette.text.primary};
    border-bottom-color: ${({ theme }) => theme.palette.primaryText};
  }
  a:focus-visible,
  button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.focus};
    outline-offset: -3px;
  }
`;

/** Sections of a page as links (sub-routes): the current one has aria-current="page". */
export function SubNav({ label, items }: { label: string; items: readonly { to: string; label: string; end?: boolean }[] }) {
  return (
    <SubNavList aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </SubNavList>
  );
}

/** A choice among a few values shown as a row of toggle buttons (aria-pressed). */
export function ToggleGroup<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: ReactNode }[];
  onChange: (value: Value) => void;
}) {
  return (
    <SubNavList as="div" role="group" aria-label={label}>
      <ul>
        {options.map((option) => (
          <li key={option.value}>
            <button type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    </SubNavList>
  );
}
