import { screen } from '@testing-library/react';
import { receiptFileUrl } from '../../../src/features/receipt/DownloadPage';
import { renderApp } from '../../helpers/renderApp';

// §2 /download?url=: the logo and a download-receipt link, for http(s) URLs only.

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

describe('download page', () => {
  it('shows the logo and a link to download the receipt at the given URL', async () => {
    const url = 'https://receipts.example.com/r/123.pdf';
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

  it('without url says the link is not valid', async () => {
    await renderApp('/download');
    expect(await screen.findByRole('alert')).toHaveTextContent('The link is not valid');
  });
});
