/**
 * The type of a file from its content (magic bytes), never from its name: PDF, PNG, JPEG, Word 97-2003
 * (.doc, an OLE compound file holding a WordDocument stream) and Word (.docx, a ZIP holding word/document.xml).
 */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'doc' | 'docx';

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const EXTENSIONS: Record<FileKind, string> = {
  pdf: '.pdf',
  png: '.png',
  jpeg: '.jpg',
  doc: '.doc',
  docx: '.docx',
};

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
// "WordDocument" as UTF-16LE, the name of the main stream of a .doc
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

export function sniffFileKind(data: Buffer): FileKind | null {
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, OLE)) return data.includes(WORD_STREAM) ? 'doc' : null;
  if (startsWith(data, ZIP)) {
    return data.includes('word/document.xml') && data.includes('[Content_Types].xml') ? 'docx' : null;
  }
  return null;
}
