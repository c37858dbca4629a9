import { screen } from '@testing-library/react';
import { isReceiptHost, receiptFileUrl, receiptLink } from '../../../src/features/receipt/receiptLink';
import { renderApp } from '../../helpers/renderApp';

// §2 /download?url=: the logo and a download-receipt link, for http(s) URLs on the provider's receipt
// hosts only (issue 12).

/** The build's receipt host when RECEIPT_HOSTS is not set (src/shared/config.ts, webpack.config.ts). */
const DEFAULT_RECEIPT = 'https://receipts.kassa.example/r/123.pdf';

describe('receiptFileUrl', () => {
  it.each([
    ['https://receipts.example.com/r/123.pdf', 'https://receipts.example.com/r/123.pdf'],
    ['http://127.0.0.1:8080/api/x.pdf?sig=a%20b', 'http://127.0.0.1:8080/api/x.pdf?sig=a%20b'],
    ['HTTPS://EXAMPLE.COM/R.PDF', 'https://example.com/R.PDF'],
  ])('accepts %s', (raw, href) => {
    expect(receiptFileUrl(raw)).toBe(href);
  });

  it.each([
    null,
    '',
    'javascript:alert(document.cookie)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript://example.com/%0aalert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/r.pdf',
    '/api/receipt.pdf',
    'receipt.pdf',
    '//evil.example/r.pdf',
    '/\\evil.example/r.pdf',
    'http:evil.example/r.pdf',
    'https://',
    'https://exa mple.com/r.pdf',
    'https://[not-an-ip]/r.pdf',
    'https://bank.example@evil.example/r.pdf',
    'https://user:pass@example.com/r.pdf',
    'https://example.com/r.pdf\n',
    'not a url',
  ])('refuses %j', (raw) => {
    expect(receiptFileUrl(raw)).toBeNull();
  });
});

describe('receipt hosts (RECEIPT_HOSTS)', () => {
  const hosts = ['receipts.example.com', 'http://127.0.0.1:8080', 'self'];
  const page = 'http://shop.test:4810';
  const kind = (raw: string, list: readonly string[] = hosts) => receiptLink(raw, list, page).kind;

  it('a link to a listed host over https is a receipt link', () => {
    expect(receiptLink('https://receipts.example.com/r/1.pdf?sig=x', hosts, page)).toEqual({
      kind: 'receipt',
      href: 'https://receipts.example.com/r/1.pdf?sig=x',
    });
    // The URL parser's normal form: case and the default port do not matter.
    expect(kind('HTTPS://Receipts.EXAMPLE.com:443/r/1.pdf')).toBe('receipt');
  });

  it.each([
    'https://evil.example/r/1.pdf',
    'https://example.com/r/1.pdf',
    'https://x.test/r.pdf',
    'https://127.0.0.2:8080/r.pdf',
  ])('a link to another host is not a receipt link: %s', (raw) => {
    expect(kind(raw)).toBe('notReceipt');
  });

  it.each([
    'https://receipts.example.com.evil.example/r.pdf',
    'https://evil-receipts.example.com/r.pdf',
    'https://evilreceipts.example.com/r.pdf',
    'https://sub.receipts.example.com/r.pdf',
    'https://receipts.example.co/r.pdf',
    'https://receipts-example.com/r.pdf',
    'https://receipts.example.com./r.pdf',
    'https://receipts.exаmple.com/r.pdf', // Cyrillic 'а': punycode, another host
    'https://evil.example/receipts.example.com/r.pdf',
    'https://evil.example/?receipts.example.com',
    'https://evil.example#receipts.example.com',
  ])('look-alike host refused: %s', (raw) => {
    expect(kind(raw)).toBe('notReceipt');
  });

  it('a bare host allows https on the default port only', () => {
    expect(kind('http://receipts.example.com/r.pdf')).toBe('notReceipt');
    expect(kind('https://receipts.example.com:8443/r.pdf')).toBe('notReceipt');
  });

  it('an origin entry allows exactly its scheme, host and port (http for a local host)', () => {
    expect(kind('http://127.0.0.1:8080/api/r.pdf')).toBe('receipt');
    expect(kind('https://127.0.0.1:8080/api/r.pdf')).toBe('notReceipt');
    expect(kind('http://127.0.0.1:8081/api/r.pdf')).toBe('notReceipt');
    expect(kind('http://127.0.0.1/api/r.pdf')).toBe('notReceipt');
  });

  it("'self' allows the page's own origin, and only when listed", () => {
    expect(kind('http://shop.test:4810/api/v2/webshop/cafe/receipt/r1/download')).toBe('receipt');
    expect(kind('https://shop.test/api/r.pdf')).toBe('notReceipt');
    expect(kind('http://shop.test:4811/api/r.pdf')).toBe('notReceipt');
    expect(kind('http://shop.test:4810/api/r.pdf', ['receipts.example.com'])).toBe('notReceipt');
  });

  it('empty, wildcard and unclear entries allow nothing', () => {
    const unclear = [
      '',
      '  ',
      '*.example.com',
      '.example.com',
      'receipts.example.com/r',
      'receipts.example.com:8443',
      'user@receipts.example.com',
      'https://receipts.example.com/r',
      'https://user@receipts.example.com',
      'ftp://receipts.example.com',
      'javascript:alert(1)',
    ];
    for (const raw of [
      'https://receipts.example.com/r/1.pdf',
      'https://receipts.example.com:8443/r/1.pdf',
      'https://a.example.com/r.pdf',
      'http://shop.test:4810/r.pdf',
    ]) {
      expect(isReceiptHost(raw, unclear, page)).toBe(false);
    }
  });

  it('a malformed link stays "not valid", whatever the list says', () => {
    expect(kind('https://user@receipts.example.com/r.pdf')).toBe('invalid');
    expect(kind('javascript:alert(1)')).toBe('invalid');
    expect(kind('/api/r.pdf')).toBe('invalid');
  });
});

describe('download page', () => {
  it('shows the logo and a link to download the receipt at the given URL', async () => {
    const url = DEFAULT_RECEIPT;
    const { container } = await renderApp(`/download?url=${encodeURIComponent(url)}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Download your receipt' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download receipt' })).toHaveAttribute('href', url);
    expect(container.querySelector('img[src="/static/logo-dark.svg"]')).not.toBeNull();
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['relative', '/r.pdf'],
    ['malformed', 'https://'],
  ])('refuses a %s URL with a clear message and no link', async (_label, raw) => {
    const { container } = await renderApp(`/download?url=${encodeURIComponent(raw)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The link is not valid');
    expect(screen.queryByRole('link', { name: 'Download receipt' })).not.toBeInTheDocument();
    expect(
      container.querySelector('a[href^="javascript"], a[href^="data"], a[href^="vbscript"], script'),
    ).toBeNull();
  });

  it('a link to another host says it is not a receipt link and shows no link', async () => {
    await renderApp(
      `/download?url=${encodeURIComponent('https://receipts.kassa.example.evil.example/r.pdf')}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link does not lead to a receipt from Kassa.',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('without url says the link is not valid', async () => {
    await renderApp('/download');
    expect(await screen.findByRole('alert')).toHaveTextContent('The link is not valid');
  });
});
