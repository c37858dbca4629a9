/**
 * What a receipt PDF draws (src/demo-api/services/receiptPdf.ts, pdf-lib with the standard fonts), read back
 * for tests: its content streams, and each text it draws with the height it is drawn at.
 */
import { inflateSync } from 'node:zlib';

/** All content of a PDF's streams, the flate-compressed ones inflated, joined. */
export function pdfContent(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const out: string[] = [];
  for (let at = raw.indexOf('stream\n'); at >= 0;) {
    const end = raw.indexOf('endstream', at);
    const data = raw.subarray(at + 7, end);
    try {
      out.push(inflateSync(data).toString('latin1'));
    } catch {
      out.push(data.toString('latin1'));
    }
    at = raw.indexOf('stream\n', end + 9);
  }
  return out.join('\n');
}

/**
 * Each text drawn, in drawing order, with its baseline's height (`y`, as written). The standard fonts write
 * WinAnsi, which is Latin-1 but for a few codes; of those only the euro sign (0x80) is decoded here.
 */
export function pdfDrawnTexts(bytes: Uint8Array): { y: string; text: string }[] {
  return [...pdfContent(bytes).matchAll(/1 0 0 1 \S+ (\S+) Tm\s*<([0-9A-F]*)> Tj/g)].map(([, y, hex]) => ({
    y: y ?? '',
    text: Buffer.from(hex ?? '', 'hex')
      .toString('latin1')
      .replace(/\x80/g, '€'),
  }));
}
