import { zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasValidStructure } from './file-structure';
import { sniffFileKind } from './file-type';
import { minimalDocx, PDF_BYTES, PNG_BYTES } from './multipart-test-helpers';

/** The process's JSON before any PDF is opened (core-js makes its replacements print as native code). */
const NATIVE_JSON = { parse: JSON.parse, stringify: JSON.stringify };

const image = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    [format]()
    .toBuffer();

describe('an upload is what it claims by its structure, not its first bytes', () => {
  it('takes a PDF that opens, a PNG and a JPEG that decode, a Word document holding its document', async () => {
    expect(await hasValidStructure('pdf', PDF_BYTES)).toBe(true);
    expect(await hasValidStructure('png', PNG_BYTES)).toBe(true);
    expect(await hasValidStructure('jpeg', await image(4000, 3000, 'jpeg'))).toBe(true);
    const docx = minimalDocx('Rosa Delgado');
    expect(sniffFileKind(docx)).toBe('docx');
    expect(await hasValidStructure('docx', docx)).toBe(true);
  });

  it('leaves the process its native JSON after opening a PDF (pdfjs-dist carries core-js, which replaces it)', async () => {
    expect(await hasValidStructure('pdf', PDF_BYTES)).toBe(true);
    expect(JSON.parse).toBe(NATIVE_JSON.parse);
    expect(JSON.stringify).toBe(NATIVE_JSON.stringify);
  });

  it('refuses %PDF- followed by junk, and a PDF cut short', async () => {
    const junk = Buffer.from(`%PDF-1.7\n${'junk '.repeat(500)}`);
    expect(sniffFileKind(junk)).toBe('pdf');
    expect(await hasValidStructure('pdf', junk)).toBe(false);
    expect(await hasValidStructure('pdf', PDF_BYTES.subarray(0, Math.floor(PDF_BYTES.length / 3)))).toBe(false);
  });

  it('refuses an image cut short, a corrupt one, and one past sane dimensions', async () => {
    expect(await hasValidStructure('png', PNG_BYTES.subarray(0, 40))).toBe(false);
    const jpeg = await image(800, 600, 'jpeg');
    expect(await hasValidStructure('jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toBe(false);
    const corrupt = Buffer.from(PNG_BYTES);
    corrupt[PNG_BYTES.length - 20] ^= 0xff;
    expect(await hasValidStructure('png', corrupt)).toBe(false);
    expect(await hasValidStructure('png', await image(20_000, 10, 'png'))).toBe(false);
  });

  it('refuses any ZIP named .docx, one that only mentions word/document.xml, and a zip bomb', async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    expect(
      await hasValidStructure(
        'docx',
        Buffer.from(zipSync({ 'notes.txt': encode('word/document.xml [Content_Types].xml') })),
      ),
    ).toBe(false);
    const noDocument = Buffer.from(
      zipSync({ '[Content_Types].xml': encode('<Types/>'), 'word/document.xml': encode('<html>not Word</html>') }),
    );
    expect(await hasValidStructure('docx', noDocument)).toBe(false);
    const inflated = new Uint8Array(60 * 1024 * 1024).fill(0x20);
    inflated.set(encode('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'));
    const bomb = Buffer.from(
      zipSync({ '[Content_Types].xml': encode('<Types/>'), 'word/document.xml': inflated }, { level: 9 }),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await hasValidStructure('docx', bomb)).toBe(false);
  });
});
