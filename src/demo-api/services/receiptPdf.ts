/**
 * The receipt as a real PDF (pdf-lib, standard Helvetica). Helvetica's WinAnsi encoding covers å ä ö and €;
 * anything it cannot encode (emoji, direction overrides in hostile shop texts) is replaced by '?', so no
 * shop or customer text can make the download fail. The output is deterministic for a receipt (dates come
 * from the receipt), which is why the v1 download returns the very same bytes.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import type { ReceiptView } from './receiptView';

const WIDTH = 340;
const MARGIN = 24;
const GREY = rgb(0.35, 0.35, 0.35);
/** The width of each right-aligned amount column (unit price, amount; VAT, net, gross). */
const CELL = 62;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

type Op =
  | {
      kind: 'text';
      text: string;
      font: keyof Fonts;
      size: number;
      /** Right-aligned columns, the last at the right margin. */
      cells?: string[];
      indent?: number;
      grey?: boolean;
    }
  | { kind: 'rule' }
  | { kind: 'gap'; height: number };

function makeSanitizer(fonts: Fonts): (text: string) => string {
  const supported = new Set<number>([...fonts.regular.getCharacterSet(), ...fonts.bold.getCharacterSet()]);
  return (text) =>
    Array.from(text.normalize('NFC'))
      .map((ch) => {
        const code = ch.codePointAt(0) ?? 63;
        if (code < 32 || (code >= 0x7f && code < 0xa0)) return ' ';
        return supported.has(code) ? ch : '?';
      })
      .join('');
}

/** Splits text into lines no wider than `width`, breaking long words too. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

function operations(view: ReceiptView): Op[] {
  const ops: Op[] = [
    { kind: 'text', text: view.title, font: 'bold', size: 16 },
    { kind: 'gap', height: 4 },
  ];
  for (const line of view.seller) ops.push({ kind: 'text', text: line, font: 'regular', size: 9 });
  ops.push({ kind: 'rule' });
  for (const line of view.lines) {
    for (const row of line.rows)
      ops.push({
        kind: 'text',
        text: row.text,
        font: row.strong ? 'bold' : 'regular',
        size: row.strong ? 10 : 9,
        cells: row.cells,
        indent: row.indent ? 10 : 0,
      });
    if (line.note)
      ops.push({ kind: 'text', text: `"${line.note}"`, font: 'italic', size: 9, indent: 10, grey: true });
    ops.push({ kind: 'gap', height: 3 });
  }
  ops.push({ kind: 'rule' });
  for (const row of [view.vatHeader, ...view.vatRows])
    ops.push({ kind: 'text', text: row.text, font: 'regular', size: 8, cells: row.cells, grey: true });
  ops.push({ kind: 'gap', height: 3 });
  view.sums.forEach((row, i) => {
    const last = i === view.sums.length - 1;
    ops.push({
      kind: 'text',
      text: row.text,
      font: last ? 'bold' : 'regular',
      size: last ? 12 : 10,
      cells: row.cells,
    });
  });
  ops.push({ kind: 'gap', height: 3 });
  for (const row of view.payments)
    ops.push({ kind: 'text', text: row.text, font: 'regular', size: 10, cells: row.cells });
  ops.push({ kind: 'rule' });
  for (const line of view.footer)
    ops.push({ kind: 'text', text: line, font: 'regular', size: 8, grey: true });
  return ops;
}

interface Placed {
  draw: (page: PDFPage, top: number) => void;
  height: number;
}

function place(ops: Op[], fonts: Fonts, clean: (s: string) => string): Placed[] {
  const placed: Placed[] = [];
  const inner = WIDTH - MARGIN * 2;
  for (const op of ops) {
    if (op.kind === 'gap') {
      placed.push({ height: op.height, draw: () => undefined });
      continue;
    }
    if (op.kind === 'rule') {
      placed.push({
        height: 10,
        draw: (page, top) =>
          page.drawLine({
            start: { x: MARGIN, y: top - 5 },
            end: { x: WIDTH - MARGIN, y: top - 5 },
            thickness: 0.5,
            color: GREY,
          }),
      });
      continue;
    }
    const font = fonts[op.font];
    const cellFont = op.font === 'bold' ? fonts.bold : fonts.regular;
    const cells = (op.cells ?? []).map(clean);
    const indent = op.indent ?? 0;
    const lines = wrap(clean(op.text), font, op.size, inner - indent - cells.length * CELL);
    const lineHeight = op.size * 1.3;
    placed.push({
      height: lines.length * lineHeight,
      draw: (page, top) => {
        const color = op.grey ? GREY : rgb(0, 0, 0);
        lines.forEach((line, i) => {
          page.drawText(line, {
            x: MARGIN + indent,
            y: top - op.size - i * lineHeight,
            size: op.size,
            font,
            color,
          });
        });
        cells.forEach((cell, i) => {
          const right = WIDTH - MARGIN - (cells.length - 1 - i) * CELL;
          page.drawText(cell, {
            x: right - cellFont.widthOfTextAtSize(cell, op.size),
            y: top - op.size,
            size: op.size,
            font: cellFont,
            color,
          });
        });
      },
    });
  }
  return placed;
}

/** Renders the receipt view to PDF bytes (one tall, narrow page like a printed receipt). */
export async function receiptPdf(
  view: ReceiptView,
  meta: { title: string; date: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const clean = makeSanitizer(fonts);
  doc.setTitle(clean(meta.title));
  doc.setLanguage(view.lang);
  doc.setCreator('Demo-API');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  const placed = place(operations(view), fonts, clean);
  const height = placed.reduce((sum, p) => sum + p.height, 0) + MARGIN * 2;
  const page = doc.addPage([WIDTH, Math.max(200, height)]);
  let top = page.getHeight() - MARGIN;
  for (const item of placed) {
    item.draw(page, top);
    top -= item.height;
  }
  return doc.save({ useObjectStreams: false });
}
