import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

/**
 * The one look of a row of tabs (sub-pages as links, or toggle buttons). The row wraps instead of scrolling:
 * on a phone every tab stays in sight, none hidden past the edge behind a gesture nobody is told about.
 */
const Strip = styled.nav`
  margin-bottom: ${({ theme }) => theme.spacing(3)};
  border-bottom: 1px solid ${({ theme }) => theme.palette.border};
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing(0, 0.5)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    min-width: 0;
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
  ${({ theme }) => theme.mq.down('sm')} {
    a,
    button {
      padding: 8px 10px;
    }
  }
  a:hover,
  button:hover {
    color: ${({ theme }) => theme.palette.text.primary};
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
export function SubNav({
  label,
  items,
}: {
  label: string;
  items: readonly { to: string; label: ReactNode; end?: boolean }[];
}) {
  return (
    <Strip aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </Strip>
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
    <Strip as="div" role="group" aria-label={label}>
      <ul>
        {options.map((option) => (
          <li key={option.value}>
            <button type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    </Strip>
  );
}
