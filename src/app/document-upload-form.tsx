import { Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { maskedDateToIso, type EmployeeDocument } from '../api/onboarding';
import { dateIn } from '../domain/dates';
import { Alert } from '../ui/alert';
import { showSubmitFailure } from '../ui/api-error';
import { StackedForm } from '../ui/fields';
import { FileDropField } from '../ui/file-drop';
import { DateField, parseMaskedDate } from '../ui/masked-input';
import { SubmitButton } from '../ui/submit-button';
import { useOrganizationTimeZone } from './organization';

const DOCUMENT_ACCEPT = { 'application/pdf': ['.pdf'], 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] };
const DOCUMENT_MAX_SIZE = 10 * 1024 * 1024;

/** The upload's rules; "today" is the agency's local date (its time zone), as the server counts it. */
function uploadSchema(document: EmployeeDocument, timeZone: string) {
  return yup.object({
    file: yup.array().min(1, 'Choose the file to upload'),
    expires_on: document.requires_expiry
      ? yup
          .string()
          .required('Enter the expiry date printed on the document')
          .test('date', 'Enter a real date as dd.mm.yyyy', (value) => !value || !!parseMaskedDate(value))
          .test('future', 'This date has passed: upload a document that is still valid', (value) => {
            const date = maskedDateToIso(value);
            return !date || date >= dateIn(timeZone, new Date());
          })
      : yup.string(),
  });
}

/**
 * The upload of one document slot: the file (type and size as the server checks them) and, when the document
 * has one, its expiry date. The employee's own upload, and the office's of a document received on paper.
 */
export function DocumentUploadForm({
  document,
  upload,
  onUploaded,
}: {
  document: EmployeeDocument;
  upload: (body: FormData) => Promise<EmployeeDocument>;
  onUploaded: (next: EmployeeDocument) => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const [error, setError] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ file: [] as File[], expires_on: '' }}
      validationSchema={uploadSchema(document, timeZone)}
      onSubmit={async (values, { setErrors }) => {
        setError(null);
        const body = new FormData();
        body.append('file', values.file[0]!);
        const expiresOn = maskedDateToIso(values.expires_on);
        if (expiresOn) body.append('expires_on', expiresOn);
        try {
          onUploaded(await upload(body));
        } catch (failure) {
          showSubmitFailure(failure, {
            known: ['file', 'expires_on'],
            setErrors,
            setError,
            fallback: 'The file could not be uploaded. Please try again.',
          });
        }
      }}
    >
      <StackedForm aria-label={`Upload ${document.name}`}>
        <FileDropField
          name="file"
          label="File"
          accept={DOCUMENT_ACCEPT}
          maxSize={DOCUMENT_MAX_SIZE}
          hint="A PDF, PNG or JPEG, at most 10 MB. A clear phone photo works."
        />
        {document.requires_expiry ? <DateField name="expires_on" label="Expiry date" /> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <SubmitButton>Upload</SubmitButton>
        </div>
      </StackedForm>
    </Formik>
  );
}
