import { act, screen } from '@testing-library/react';
import { NetworkError } from '../../../src/shared/api';
import { initI18n } from '../../../src/shared/i18n';
import { deferred, renderApp } from '../../helpers/renderApp';
import en from '../../../translations/en.json';
import fi from '../../../translations/fi.json';
import se from '../../../translations/se.json';

// §2 receipt download page /receipt/:companyId/:receiptId and its §8 errors.

const PDF = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d]); // "%PDF-"
const blobs: Blob[] = [];

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

beforeEach(() => {
  blobs.length = 0;
  // jsdom has no object URLs.
  URL.createObjectURL = jest.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://shop.test/pdf-${blobs.length}`;
  });
  URL.revokeObjectURL = jest.fn();
});

/**
 * Opens the page as a fresh browser would: i18next detects the language from the address, the cookie and
 * local storage (§1) that `visitor` sets up, instead of the tests' fixed English.
 */
async function openAsVisitor(visitor: { query?: string; cookie?: string; stored?: string }) {
  window.history.replaceState({}, '', `/receipt/c-cafe/r-123${visitor.query ?? ''}`);
  document.cookie = visitor.cookie
    ? `i18next=${visitor.cookie}; path=/`
    : 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
  if (visitor.stored) localStorage.setItem('i18nextLng', visitor.stored);
  const i18n = await initI18n({
    resources: { se: { translation: se }, en: { translation: en }, fi: { translation: fi } },
  });
  return renderApp('/receipt/c-cafe/r-123', {
    i18n,
    api: { getReceiptPdf: jest.fn(() => Promise.resolve(PDF)) },
  });
}

describe('receipt download page', () => {
  afterEach(() => {
    window.history.replaceState({}, '', '/');
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it("is 'Ladda ner ditt kvitto' with a 'Ladda ner' button in Swedish", () => {
    expect(se.download.title).toBe('Ladda ner ditt kvitto');
    expect(se.download.button).toBe('Ladda ner');
  });

  it("§2 speaks Swedish to a first-time visitor: 'Ladda ner ditt kvitto', 'Ladda ner', <html lang=sv>", async () => {
    await openAsVisitor({});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ladda ner ditt kvitto' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ladda ner' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sv');
  });

  it.each([
    ['?lng=en', { query: '?lng=en' }, 'Download your receipt', 'Download', 'en'],
    ['the cookie i18next', { cookie: 'fi' }, 'Lataa kuittisi', 'Lataa', 'fi'],
    ['local storage i18nextLng', { stored: 'en' }, 'Download your receipt', 'Download', 'en'],
  ])(
    '§1 speaks the visitor’s language when %s names it',
    async (_source, visitor, title, button, htmlLang) => {
      await openAsVisitor(visitor);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: button })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe(htmlLang);
    },
  );

  it('fetches the PDF and offers Download, which opens it in a new window', async () => {
    const getReceiptPdf = jest.fn(() => Promise.resolve(PDF));
    const { container } = await renderApp('/receipt/c-cafe/r-123', { api: { getReceiptPdf } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Download your receipt' }),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Download' });
    expect(getReceiptPdf).toHaveBeenCalledWith('c-cafe', 'r-123', expect.any(AbortSignal));
    expect(link).toHaveAttribute('href', 'blob:http://shop.test/pdf-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(blobs[0]?.type).toBe('application/pdf');
    expect(await bytesOf(blobs[0]!)).toEqual(PDF);
    expect(container.querySelector('img[src="/static/logo-dark.svg"]')).not.toBeNull();
  });

  it('shows that it is fetching', async () => {
    await renderApp('/receipt/c-cafe/r-123', { api: { getReceiptPdf: () => new Promise(() => undefined) } });
    expect(await screen.findByText('Fetching the receipt…')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('§8 a 400 that names nothing (the API edge says only "HTTP 400") shows error.anErrorOccurred', async () => {
    await renderApp('/receipt/c-cafe/r-1', {
      api: {
        getReceiptPdf: () =>
          Promise.reject(new NetworkError('HTTP 400', { status: 400, detail: 'GET … answered 400: Bad' })),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again');
    expect(screen.queryByText(/HTTP 400/)).not.toBeInTheDocument();
  });

  it('§8 (issue 40): a refused receipt (a named 400) says so in words, reports the name and offers no retry', async () => {
    const error = new NetworkError('INVALID_RECEIPT_ID', { status: 400, code: 'INVALID_RECEIPT_ID' });
    const { reportError, container } = await renderApp('/receipt/c-cafe/bad!id', {
      api: { getReceiptPdf: () => Promise.reject(error) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This receipt cannot be downloaded. Check the link you were given.',
    );
    expect(container.textContent).not.toContain('INVALID_RECEIPT_ID');
    expect(reportError).toHaveBeenCalledWith(error);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument(); // it would fail the same way
  });

  it.each([
    ['a 404', new NetworkError('{"name":"NOT_FOUND"}', { status: 404 })],
    ['a 500', new NetworkError('<html>Internal error</html>', { status: 500 })],
    ['no answer', new NetworkError('Failed to fetch', { status: 0 })],
  ])('%s shows error.anErrorOccurred and is reported', async (_label, error) => {
    const { reportError } = await renderApp('/receipt/c-cafe/r-123', {
      api: { getReceiptPdf: () => Promise.reject(error) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred, please try again');
    expect(screen.queryByText(/Internal error|NOT_FOUND/)).not.toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(error);
  });

  it('can try again after a failure', async () => {
    const getReceiptPdf = jest
      .fn()
      .mockRejectedValueOnce(new NetworkError('Failed to fetch', { status: 0 }))
      .mockResolvedValueOnce(PDF);
    const { user } = await renderApp('/receipt/c-cafe/r-123', { api: { getReceiptPdf } });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(getReceiptPdf).toHaveBeenCalledTimes(2);
  });

  it('frees the PDF when the page is left', async () => {
    const { history } = await renderApp('/receipt/c-cafe/r-123', {
      api: { getReceiptPdf: () => Promise.resolve(PDF) },
    });
    await screen.findByRole('link', { name: 'Download' });
    await act(async () => history.push('/download?url=https%3A%2F%2Freceipts.kassa.example%2Fr.pdf'));
    await screen.findByRole('link', { name: 'Download receipt' });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://shop.test/pdf-1');
  });

  it('drops an answer for a receipt the visitor has left', async () => {
    const first = deferred<Uint8Array>();
    const getReceiptPdf = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(PDF);
    const { history } = await renderApp('/receipt/c-cafe/r-1', { api: { getReceiptPdf } });
    await screen.findByText('Fetching the receipt…');
    await act(async () => history.push('/receipt/c-cafe/r-2'));
    await screen.findByRole('link', { name: 'Download' });
    await act(async () => first.resolve(PDF));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(getReceiptPdf).toHaveBeenLastCalledWith('c-cafe', 'r-2', expect.any(AbortSignal));
  });
});
