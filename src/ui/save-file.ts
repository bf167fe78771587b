/** Saves bytes fetched through the API client (which carries the Bearer token an `<a href>` cannot) as a file. */
export function saveBlob(blob: Blob | BlobPart, fileName: string): void {
  const url = URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob]));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
