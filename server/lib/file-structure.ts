import type { FileKind } from './file-type';

/**
 * Whether an upload really is what its first bytes say (sniffFileKind): a PDF that a PDF reader opens, an image
 * that decodes within sane dimensions, a Word document that is a ZIP holding word/document.xml. `%PDF-` and junk,
 * or any ZIP named .docx, are refused. The libraries load on the first upload, not at start.
 */
export async function hasValidStructure(kind: FileKind, data: Buffer): Promise<boolean> {
  try {
    if (kind === 'pdf') return await withTimeout(opensAsPdf(data), PDF_SECONDS * 1000);
    if (kind === 'png' || kind === 'jpeg') return await decodesAsImage(data);
    if (kind === 'docx') return await holdsWordDocument(data);
    return true; // .doc: its OLE header and WordDocument stream were checked by sniffFileKind
  } catch {
    return false;
  }
}

/** Largest side and pixel count of an image we accept (a phone photo of a card is ~4000 × 3000). */
export const MAX_IMAGE_SIDE = 12_000;
export const MAX_IMAGE_PIXELS = 50_000_000;
/** What word/document.xml may inflate to (a zip bomb stops there). */
const MAX_DOCUMENT_XML_BYTES = 50 * 1024 * 1024;
/** A PDF that takes longer than this to open is refused. */
const PDF_SECONDS = 15;

async function withTimeout(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * pdfjs-dist's legacy build and its worker (loaded by the first getDocument) carry core-js, which replaces
 * JSON.parse and JSON.stringify process-wide with script versions (for JSON.rawJSON, missing in Node 20): a
 * 1 MB string then took a second to stringify, and every request paid for it. pdfjs needs neither: the native
 * ones are put back after each check.
 */
const { parse: nativeParse, stringify: nativeStringify } = JSON;

async function opensAsPdf(data: Buffer): Promise<boolean> {
  try {
    return await opensAsPdfPolyfilled(data);
  } finally {
    JSON.parse = nativeParse;
    JSON.stringify = nativeStringify;
  }
}

async function opensAsPdfPolyfilled(data: Buffer): Promise<boolean> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  }).promise;
  try {
    if (document.numPages < 1) return false;
    await document.getPage(1);
    return true;
  } finally {
    await document.destroy();
  }
}

async function decodesAsImage(data: Buffer): Promise<boolean> {
  const { default: sharp } = await import('sharp');
  const image = sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  const { width = 0, height = 0 } = await image.metadata();
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return false;
  await image.stats(); // decodes every pixel: a truncated or corrupt image fails here
  return true;
}

async function holdsWordDocument(data: Buffer): Promise<boolean> {
  const { Unzip, UnzipInflate } = await import('fflate');
  const names = new Set<string>();
  let xml = '';
  let inflated = 0;
  let broken = false;
  const unzip = new Unzip((file) => {
    names.add(file.name);
    if (file.name !== 'word/document.xml') return;
    file.ondata = (error, chunk) => {
      if (error) {
        broken = true;
        return;
      }
      inflated += chunk.length;
      if (inflated > MAX_DOCUMENT_XML_BYTES) {
        broken = true;
        file.terminate();
        return;
      }
      if (xml.length < 4096) xml += Buffer.from(chunk).toString('utf8', 0, Math.min(chunk.length, 4096));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.push(new Uint8Array(data), true);
  return !broken && names.has('[Content_Types].xml') && names.has('word/document.xml') && /<w:document[\s>]/.test(xml);
}
