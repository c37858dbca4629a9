/**
 * §9 one layout of a receipt's lines: the receipt page, the e-mail and the PDF print the same rows, each read
 * back from its own rendering (the page's DOM, the e-mail's text, the PDF's drawn text) for random orders.
 */
import { cleanup, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { receiptPdf } from '../../../src/demo-api/services/receiptPdf';
import { receiptText, receiptView } from '../../../src/demo-api/services/receiptView';
import { toReceipt } from '../../../src/shared/api/wireMappers';
import { initI18n, type Language } from '../../../src/shared/i18n';
import { pdfDrawnTexts } from '../../helpers/pdfText';
import { renderApp } from '../../helpers/renderApp';
import { receiptOrders } from '../../helpers/receiptOrders';
import en from '../../../translations/en.json';
import fi from '../../../translations/fi.json';
import se from '../../../translations/se.json';

/** A row with an amount, as printed: its words, then its figures ("5,00 kr", "10,00 kr"). */
type Row = string[];

/** An amount as §9 formats it; a row ending in one is a row with figures (not a heading, note or footer). */
const AMOUNT = /^-?\d{1,3}( \d{3})*,\d{2} (kr|€)$/;
const withAmount = (rows: Row[]) => rows.filter((row) => AMOUNT.test(row.at(-1) ?? ''));

/** The page's rows: each line's rows (words, then figures), the VAT table, the sums and the payments. */
function pageRows(): Row[] {
  const article = screen.getByRole('article');
  const [lines, payments] = within(article).getAllByRole('list');
  const text = (el: Element) => el.textContent ?? '';
  const cellsOf = (el: Element) => [...el.children].map(text);
  return withAmount([
    ...within(lines!)
      .getAllByRole('listitem')
      .flatMap((item) => [...item.children].filter((row) => row.children.length > 0))
      .map((row) => [text(row.children[0]!), ...cellsOf(row.children[1]!)]),
    ...within(article).getAllByRole('row').map(cellsOf),
    ...[...article.querySelectorAll('dl > div')].map(cellsOf),
    ...within(payments!).getAllByRole('listitem').map(cellsOf),
  ]);
}

/** The e-mail's rows: each line of text split at its columns (two spaces or more). */
function emailRows(text: string): Row[] {
  return withAmount(text.split('\n').map((line) => line.trim().split(/\s{2,}/)));
}

/** The PDF's rows: the texts it draws at one height, in turn. */
function pdfRows(bytes: Uint8Array): Row[] {
  const rows: { y: string; cells: string[] }[] = [];
  for (const { y, text } of pdfDrawnTexts(bytes)) {
    const last = rows.at(-1);
    if (last && last.y === y) last.cells.push(text);
    else rows.push({ y, cells: [text] });
  }
  return withAmount(rows.map((row) => row.cells));
}

const LANGUAGES: Language[] = ['se', 'en', 'fi'];

describe('§9 the receipt page, the PDF and the e-mail print the same rows (property)', () => {
  it('§9 every receipt line reads count × unit price = amount the same on the page, in the PDF and in the e-mail', async () => {
    await fc.assert(
      fc.asyncProperty(receiptOrders, fc.constantFrom(...LANGUAGES), async (wire, lng) => {
        const view = receiptView(wire, {
          language: lng,
          timeZone: 'Europe/Stockholm',
          currency: wire.currency ?? 'SEK',
        });
        const email = emailRows(receiptText(view));
        const pdf = pdfRows(await receiptPdf(view, { title: view.title, date: new Date(wire.dateCreated) }));

        const i18n = await initI18n({
          lng,
          resources: { se: { translation: se }, en: { translation: en }, fi: { translation: fi } },
        });
        await renderApp('/cafe/receipt/r1', {
          i18n,
          api: {
            getReceipt: () => Promise.resolve(toReceipt(wire)),
            receiptDownloadUrl: () => '/api/v2/webshop/cafe/receipt/r1/download',
          },
        });
        await screen.findByRole('heading', { level: 1, name: i18n.t('receipt.title') });
        const page = pageRows();
        cleanup();

        // Every product and extra row, the VAT rows, the sums and the payment, in the same order.
        const figures = wire.products.reduce((n, p) => n + 1 + p.deviations.length, 0);
        expect(page.length).toBeGreaterThanOrEqual(figures + 3);
        expect(email).toEqual(page);
        expect(pdf).toEqual(page);
      }),
      { numRuns: 25 },
    );
  });
});
