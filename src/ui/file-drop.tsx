import styled from '@emotion/styled';
import { useField, useFormikContext } from 'formik';
import { useId, useState, type ReactNode } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { Button } from './button';
import { FieldError, FieldHint, FieldRoot } from './fields';
import { TOUCH_SCREEN, useMediaQuery } from './use-media-query';

export interface FileDropTexts {
  invalidType: (acceptedTypes: string) => string;
  tooLarge: (maxSize: number) => string;
  tooSmall: (minSize: number) => string;
  tooMany: string;
}

/** The default rejection texts (spec 5). */
export const DEFAULT_FILE_DROP_TEXTS: FileDropTexts = {
  invalidType: (acceptedTypes) => `File type must be ${acceptedTypes}`,
  tooLarge: (maxSize) => `File is larger than ${maxSize} bytes`,
  tooSmall: (minSize) => `File is smaller than ${minSize} bytes`,
  tooMany: 'Too many files',
};

/** The accepted types as listed in the rejection text: each type's extensions, or the MIME type when it has none. */
export function acceptedTypesText(accept: Accept | undefined): string {
  if (!accept) return '';
  return Object.entries(accept)
    .flatMap(([mime, extensions]) => (extensions.length ? extensions : [mime]))
    .join(', ');
}

export interface FileRejectionMessage {
  fileName: string;
  message: string;
}

export interface FileDropProps {
  label: ReactNode;
  /** The kept files: at most one unless `multiple`. */
  value: readonly File[];
  onChange: (files: File[]) => void;
  /** react-dropzone's accept: `{ 'application/pdf': [], 'application/vnd…document': ['.docx'] }`. */
  accept?: Accept;
  multiple?: boolean;
  /** With multiple: the most files kept in total. */
  maxFiles?: number;
  maxSize?: number;
  minSize?: number;
  texts?: Partial<FileDropTexts>;
  hint?: ReactNode;
  /** An external error (e.g. Formik's once touched). */
  error?: string | null;
  disabled?: boolean;
  onBlur?: () => void;
  id?: string;
}

const Zone = styled.div<{ active: boolean; invalid: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  padding: ${({ theme }) => theme.spacing(3, 2)};
  border: 2px dashed
    ${({ theme, active, invalid }) => (invalid ? theme.palette.error.main : active ? theme.palette.primaryText : theme.palette.grey[400])};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, active }) => (active ? theme.palette.primary[50] : theme.palette.background.surface)};
  text-align: center;
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.7;
  }
`;

const FileList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 4px 0 4px 12px;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.palette.grey[100]};
    overflow-wrap: anywhere;
    /* the long file name wraps, the Remove button keeps its word whole (it broke as "Remo|ve" at 360 px) */
    button {
      flex: none;
      overflow-wrap: normal;
    }
  }
`;

const RejectionList = styled.ul`
  margin: 0;
  padding-left: 1.25rem;
  color: ${({ theme }) => theme.palette.error.main};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** Whether a photo is an accepted file (no accept list takes anything). */
function acceptsPhotos(accept: Accept | undefined): boolean {
  return !accept || Object.keys(accept).some((type) => type.startsWith('image/'));
}

/**
 * What the zone says: on a desktop, drop or choose; on a touch screen nothing is dragged, so the button alone
 * says what a tap does (the phone's chooser offers the camera when photos are accepted).
 */
export function chooseText({ multiple, touch, photos }: { multiple: boolean; touch: boolean; photos: boolean }): {
  lead: string | null;
  button: string;
} {
  const button = multiple ? 'Choose files' : 'Choose a file';
  if (!touch) return { lead: multiple ? 'Drop files here, or' : 'Drop a file here, or', button };
  return { lead: null, button: photos ? `${button} or ${multiple ? 'take photos' : 'take a photo'}` : button };
}

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A file drop area (react-dropzone) with a labelled 'Choose a file' button for keyboard and phone, and the spec's rejection texts. */
export function FileDrop({
  label,
  value,
  onChange,
  accept,
  multiple = false,
  maxFiles,
  maxSize,
  minSize,
  texts,
  hint,
  error,
  disabled,
  onBlur,
  id,
}: FileDropProps) {
  const generated = useId();
  const baseId = id ?? `file-drop-${generated}`;
  const labelId = `${baseId}-label`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const rejectionsId = `${baseId}-rejections`;
  const allTexts = { ...DEFAULT_FILE_DROP_TEXTS, ...texts };
  const [rejections, setRejections] = useState<FileRejectionMessage[]>([]);
  const touch = useMediaQuery(TOUCH_SCREEN);
  const words = chooseText({ multiple, touch, photos: acceptsPhotos(accept) });

  function messageFor(code: string, fallback: string): string {
    switch (code) {
      case 'file-invalid-type':
        return allTexts.invalidType(acceptedTypesText(accept));
      case 'file-too-large':
        return allTexts.tooLarge(maxSize ?? 0);
      case 'file-too-small':
        return allTexts.tooSmall(minSize ?? 0);
      case 'too-many-files':
        return allTexts.tooMany;
      default:
        return fallback;
    }
  }

  function onDrop(accepted: File[], rejected: FileRejection[]) {
    const messages: FileRejectionMessage[] = rejected.flatMap(({ file, errors }) =>
      errors.map((e) => ({ fileName: file.name, message: messageFor(String(e.code), e.message) })),
    );
    if (!multiple) {
      if (accepted.length > 0) onChange([accepted[0]]);
    } else if (accepted.length > 0) {
      const combined = [...value, ...accepted];
      if (maxFiles && maxFiles > 0 && combined.length > maxFiles) {
        messages.push(...accepted.map((file) => ({ fileName: file.name, message: allTexts.tooMany })));
      } else {
        onChange(combined);
      }
    }
    setRejections(messages);
  }

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    noKeyboard: true,
    accept,
    multiple,
    maxFiles: multiple ? (maxFiles ?? 0) : 0,
    maxSize,
    minSize,
    disabled,
  });

  const describedBy =
    [hint ? hintId : null, error ? errorId : null, rejections.length ? rejectionsId : null].filter(Boolean).join(' ') ||
    undefined;
  const invalid = !!error || rejections.length > 0;

  return (
    <FieldRoot>
      <span id={labelId} css={{ fontWeight: 600, fontSize: '0.875rem' }}>
        {label}
      </span>
      <Zone
        {...getRootProps({ tabIndex: -1, 'aria-disabled': disabled || undefined })}
        active={isDragActive}
        invalid={invalid}
      >
        <input {...getInputProps({ 'aria-labelledby': labelId, 'aria-invalid': invalid || undefined })} />
        {isDragActive ? (
          <span aria-hidden="true">Drop here</span>
        ) : words.lead ? (
          <span aria-hidden="true">{words.lead}</span>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled}
          aria-labelledby={`${labelId} ${baseId}-choose`}
          aria-describedby={describedBy}
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
          onBlur={onBlur}
        >
          <span id={`${baseId}-choose`}>{words.button}</span>
        </Button>
        {accept ? <span css={{ fontSize: '0.875rem' }}>Accepted: {acceptedTypesText(accept)}</span> : null}
      </Zone>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {value.length > 0 ? (
        <FileList aria-label="Chosen files">
          {value.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span>
                {file.name} <span css={{ fontSize: '0.875rem' }}>({formatSize(file.size)})</span>
              </span>
              <Button
                size="sm"
                variant="text"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </FileList>
      ) : null}
      {rejections.length > 0 ? (
        <RejectionList id={rejectionsId} role="alert">
          {rejections.map((r, i) => (
            <li key={`${r.fileName}-${i}`}>
              <span>{r.fileName}</span>: <span>{r.message}</span>
            </li>
          ))}
        </RejectionList>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </FieldRoot>
  );
}

export type FileDropFieldProps = Omit<FileDropProps, 'value' | 'onChange' | 'error' | 'onBlur'> & { name: string };

/** FileDrop bound to a Formik field whose value is `File[]`; its error shows once touched. */
export function FileDropField({ name, ...props }: FileDropFieldProps) {
  const [field, meta] = useField<File[] | null | undefined>(name);
  const { setFieldValue, setFieldTouched } = useFormikContext();
  return (
    <FileDrop
      {...props}
      value={field.value ?? []}
      onChange={(files) => {
        void setFieldValue(name, files);
        void setFieldTouched(name, true, false);
      }}
      error={meta.touched && typeof meta.error === 'string' ? meta.error : undefined}
    />
  );
}
