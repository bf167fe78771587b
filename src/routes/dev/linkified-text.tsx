import styled from '@emotion/styled';
import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

const Text = styled.div`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** Plain text with its http(s) links made clickable (no HTML from the text is ever rendered). */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    // Trailing punctuation belongs to the sentence, not the link.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={`${start}-${url}`} href={url}>
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Text>{parts}</Text>;
}
