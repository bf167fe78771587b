import { DOCUMENT_STATUS_TEXT, statusOf } from '../domain/status-text';
import { StatusTag } from './tag';

/** The status of a document, with its expiry flagged (expired) or warned (expiring within 30 days). */
export function DocumentStatusTags({
  document,
}: {
  document: { status: string; expired: boolean; expiring_soon: boolean };
}) {
  const status = statusOf(DOCUMENT_STATUS_TEXT, document.status);
  return (
    <>
      <StatusTag tone={status.tone}>{status.text}</StatusTag>
      {document.expired ? (
        <StatusTag tone="error">Expired</StatusTag>
      ) : document.expiring_soon ? (
        <StatusTag tone="warning">Expires soon</StatusTag>
      ) : null}
    </>
  );
}
