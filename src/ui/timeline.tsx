import styled from '@emotion/styled';
import type { ReactNode } from 'react';

/** A record's trail, oldest first: each entry says what happened, the note written with it, who and when. */
export const Timeline = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1.5)};
  li {
    padding-left: ${({ theme }) => theme.spacing(1.5)};
    border-left: 3px solid ${({ theme }) => theme.palette.border};
  }
  li[data-internal='true'] {
    border-left-color: ${({ theme }) => theme.palette.warning.border};
  }
  p {
    margin: 2px 0 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.palette.text.secondary};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
`;

/** One entry of a `Timeline`; an internal one (hidden from some readers) is marked at its edge. */
export function TimelineEntry({
  title,
  tag,
  note,
  by,
  when,
  internal = false,
}: {
  title: ReactNode;
  tag?: ReactNode;
  note?: string | null;
  by: string;
  when: string;
  internal?: boolean;
}) {
  return (
    <li data-internal={internal ? 'true' : undefined}>
      <strong>{title}</strong>
      {tag ? <> {tag}</> : null}
      {note ? <p>{note}</p> : null}
      <small>
        {by} · {when}
      </small>
    </li>
  );
}
