import styled from '@emotion/styled';
import { useEffect, useState } from 'react';

const Image = styled.img`
  display: block;
  max-width: min(100%, 480px);
  max-height: 160px;
  padding: ${({ theme }) => theme.spacing(1)};
  background: #ffffff;
  border: 1px solid ${({ theme }) => theme.palette.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.palette.text.secondary};
`;

export interface SignatureImageProps {
  /** Fetches the PNG through the API client (an <img src> cannot carry the Bearer token). */
  load: () => Promise<unknown>;
  alt: string;
}

/**
 * A stored signature, shown from an object URL made of the fetched bytes (revoked when it goes). Answers
 * link to signatures instead of carrying them, so a list stays small. Remount (`key`) to load it again.
 */
export function SignatureImage({ load, alt }: SignatureImageProps) {
  const [state, setState] = useState<{ url: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    load().then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob as BlobPart], { type: 'image/png' }));
        setState({ url });
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` is read once per mount, like the image it names (remount to load again)
  }, []);
  if (state === 'loading') return <Note role="status">Loading the signature…</Note>;
  if (state === 'failed') return <Note role="alert">The signature could not be loaded.</Note>;
  return <Image src={state.url} alt={alt} />;
}
