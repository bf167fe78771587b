import { useState } from 'react';
import { apiErrorDetail } from './api-error';
import { Button, type ButtonSize } from './button';
import { saveBlob } from './save-file';

export interface CsvDownloadButtonProps {
  /** The button's text while idle ("Download CSV"); it reads "Downloading" while the file comes. */
  label: string;
  /** Asks the server for the CSV text (through the API client, which carries the Bearer token). */
  load: () => Promise<BlobPart>;
  fileName: string;
  /** Why it failed: the server's detail or this text, or a function of the failure. */
  failureText: string | ((failure: unknown) => string);
  /** Null when a download starts, the failure's text when one fails (the page shows it where its messages go). */
  onError: (message: string | null) => void;
  /** Off while what the file needs is missing (e.g. a period not chosen in full). */
  disabled?: boolean;
  size?: ButtonSize;
}

/** Downloads a CSV the server writes and saves it as a file; busy until it has come. */
export function CsvDownloadButton({
  label,
  load,
  fileName,
  failureText,
  onError,
  disabled,
  size,
}: CsvDownloadButtonProps) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    onError(null);
    try {
      saveBlob(new Blob([await load()], { type: 'text/csv;charset=utf-8' }), fileName);
    } catch (failure) {
      onError(typeof failureText === 'function' ? failureText(failure) : apiErrorDetail(failure, failureText));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      size={size}
      variant="secondary"
      disabled={disabled || downloading}
      aria-busy={downloading || undefined}
      onClick={() => void download()}
    >
      {downloading ? 'Downloading' : label}
    </Button>
  );
}
