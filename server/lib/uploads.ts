import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasValidStructure } from './file-structure';
import { ApiError, invalid } from './api-error';
import { CONTENT_TYPES, EXTENSIONS, sniffFileKind, type FileKind } from './file-type';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_FIELD_BYTES = 512 * 1024; // a signature data URL is the largest plain field

/** Registers multipart parsing in the calling plugin's scope (uploads only where a route needs them). */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 40,
      fieldSize: MAX_FIELD_BYTES,
      parts: 41,
      headerPairs: 200,
    },
  });
}

export interface UploadedFile {
  field: string;
  /** The sender's name, for display (its extension adjusted to the sniffed type). */
  name: string;
  data: Buffer;
  kind: FileKind;
  contentType: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

const KIND_EXTENSIONS: Record<FileKind, string[]> = {
  pdf: ['.pdf'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  doc: ['.doc'],
  docx: ['.docx'],
};

/**
 * The request's multipart form as a service reads it: the route binds it to the request, which stays in the route,
 * and the service calls it once the record is found and open, so a refusal comes before the upload is read.
 */
export type ReadForm = (options: Parameters<typeof readMultipartForm>[1]) => Promise<MultipartForm>;

/** Binds `readMultipartForm` to a route's request, for a service that takes a `ReadForm`. */
export const formReaderOf =
  (request: FastifyRequest): ReadForm =>
  (options) =>
    readMultipartForm(request, options);

/** The file drop's rejection text (spec 5): "File type must be .pdf, .png, .jpg, .jpeg". */
export function fileTypeRejection(kinds: readonly FileKind[]): string {
  return `File type must be ${kinds.flatMap((kind) => KIND_EXTENSIONS[kind]).join(', ')}`;
}

function displayName(name: string, kind: FileKind): string {
  const cleaned =
    name
      .replace(/[\u0000-\u001f\u007f/\\]/g, '')
      .trim()
      .slice(0, 200) || 'file';
  const base = cleaned.replace(/\.[^.]*$/, '') || 'file';
  const extension = EXTENSIONS[kind];
  const current = cleaned.slice(base.length).toLowerCase();
  const fits = current === extension || (kind === 'jpeg' && current === '.jpeg');
  return fits ? cleaned : `${base}${extension}`;
}

/**
 * Reads a multipart form with one file field. The size limit is enforced while the file streams (413 naming
 * the field); the type comes from the content (400 naming the field); nothing is stored here.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; kinds: readonly FileKind[]; fileRequired: boolean },
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw invalid(
      { [options.fileField]: ['Send the form as multipart/form-data.'] },
      'Send the form as multipart/form-data.',
    );
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const tooLarge = (field: string) =>
    new ApiError(413, 'file_too_large', `The file must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`, {
      [field]: [`The file must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`],
    });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw invalid({ [part.fieldname]: ['This value is too long.'] });
        if (typeof part.value === 'string' && !(part.fieldname in fields)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField || file) {
        await part.toBuffer().catch(() => undefined);
        throw invalid({ [part.fieldname]: ['Unexpected file.'] });
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.fieldname);
        throw error;
      }
      if (part.file.truncated) throw tooLarge(part.fieldname);
      if (data.length === 0) throw invalid({ [part.fieldname]: ['The submitted file is empty.'] });
      // the type from the first bytes, then the real structure: a PDF opens, an image decodes, a .docx holds its document
      const kind = sniffFileKind(data);
      if (!kind || !options.kinds.includes(kind) || !(await hasValidStructure(kind, data))) {
        const rejection = fileTypeRejection(options.kinds);
        throw invalid({ [part.fieldname]: [rejection] }, rejection);
      }
      file = {
        field: part.fieldname,
        name: displayName(part.filename ?? 'file', kind),
        data,
        kind,
        contentType: CONTENT_TYPES[kind],
      };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.fileField);
    if (code.startsWith('FST_') || /multipart|Unexpected end/i.test(String((error as Error).message))) {
      throw invalid({ non_field_errors: ['The form could not be read.'] }, 'The form could not be read.');
    }
    throw error;
  }
  if (!file && options.fileRequired)
    throw invalid({ [options.fileField]: ['No file was submitted.'] }, 'No file was submitted.');
  return { fields, file };
}
