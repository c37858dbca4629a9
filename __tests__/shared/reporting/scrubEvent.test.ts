import type { ErrorEvent } from '@sentry/browser';
import {
  FILTERED,
  scrubData,
  scrubEvent,
  scrubText,
  stripQuery,
} from '../../../src/shared/reporting/scrubEvent';

// SPEC §8: no customer contact details are sent in reports.

describe('scrubText', () => {
  it.each([
    ['Could not send to anna.svensson@example.com', `Could not send to ${FILTERED}`],
    ['mail: Anna+shop@sub.example.co.uk.', `mail: ${FILTERED}.`],
    ['encoded anna%40example.se in a path', `encoded ${FILTERED} in a path`],
    ['call +46 70-123 45 67 now', `call ${FILTERED} now`],
    ['call 0701234567', `call ${FILTERED}`],
    ['(08) 123 456 78', FILTERED],
    ['0046 8 123 456 78', FILTERED],
    ['+358 40 1234567', FILTERED],
  ])('replaces contact details in %j', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it.each([
    'Loading chunk 482 failed',
    'status 400',
    'Cannot read properties of undefined (reading "id")',
    'react-dom@19.3.1',
    'on 2024-11-21 at 12:30',
    'order 12345',
  ])('keeps ordinary text %j', (input) => {
    expect(scrubText(input)).toBe(input);
  });

  it('drops the query string and fragment of absolute URLs in text', () => {
    expect(scrubText('GET https://shop.test/auth/passwordreset?oobCode=SECRET#x failed')).toBe(
      'GET https://shop.test/auth/passwordreset failed',
    );
  });
});

describe('stripQuery', () => {
  it('removes query strings and fragments from URLs and paths', () => {
    expect(stripQuery('https://shop.test/integrateFortnox?code=abc&state=%7B%7D')).toBe(
      'https://shop.test/integrateFortnox',
    );
    expect(stripQuery('/download?url=https://x.test/a.pdf#p')).toBe('/download');
    expect(stripQuery('/cafe/cart')).toBe('/cafe/cart');
  });
});

describe('scrubData', () => {
  it('replaces every customer-info field at any depth, whatever the case of its key', () => {
    const data = {
      customerInfo: {
        name: 'Anna Svensson',
        email: 'anna@example.com',
        phone: '0701234567',
        address: 'Storgatan 1',
        postalCode: '111 22',
        city: 'Stockholm',
        extraInfo: 'Ring på dörren',
        isMobile: true,
      },
      list: [{ Email: 'b@example.com', count: 2 }],
      deep: { a: { b: { c: { PHONE: '+46 8 123 456 78' } } } },
      empty: { name: '' },
    };
    expect(scrubData(data)).toEqual({
      customerInfo: {
        name: FILTERED,
        email: FILTERED,
        phone: FILTERED,
        address: FILTERED,
        postalCode: FILTERED,
        city: FILTERED,
        extraInfo: FILTERED,
        isMobile: true,
      },
      list: [{ Email: FILTERED, count: 2 }],
      deep: { a: { b: { c: { PHONE: FILTERED } } } },
      empty: { name: '' },
    });
  });

  it('scrubs contact details inside other strings and URL fields', () => {
    expect(
      scrubData({
        note: 'write to a@b.se',
        url: '/x?email=a@b.se',
        from: '/a?x=1',
        to: '/b#y',
        n: 5,
        ok: null,
      }),
    ).toEqual({
      note: `write to ${FILTERED}`,
      url: '/x',
      from: '/a',
      to: '/b',
      n: 5,
      ok: null,
    });
  });

  it('does not walk endlessly deep data', () => {
    let nested: Record<string, unknown> = { value: 'x' };
    for (let i = 0; i < 50; i += 1) nested = { nested };
    expect(() => scrubData(nested)).not.toThrow();
  });
});

describe('scrubEvent (beforeSend)', () => {
  const event = (): ErrorEvent => ({
    type: undefined,
    message: 'Receipt to anna@example.com failed',
    exception: {
      values: [{ type: 'Error', value: 'Payment for 0701234567 failed', stacktrace: { frames: [] } }],
    },
    request: {
      url: 'https://shop.test/cafe/cart?email=anna@example.com&phone=0701234567',
      query_string: 'email=anna@example.com',
      cookies: { sid: 'secret' },
      data: { email: 'anna@example.com' },
      headers: { 'User-Agent': 'Chrome', Referer: 'https://shop.test/auth/passwordreset?oobCode=SECRET' },
    },
    user: { id: 'u1', email: 'anna@example.com', ip_address: '10.0.0.1', username: 'anna' },
    extra: { customer: { name: 'Anna', email: 'anna@example.com' }, attempt: 2 },
    contexts: { details: { area: 'payment', phone: '0701234567' } },
    tags: { lastEmail: 'anna@example.com', area: 'cart' },
    breadcrumbs: [
      {
        category: 'navigation',
        data: { from: '/download?url=https://x.test/r.pdf', to: '/integrateVisma?code=c&state=s' },
      },
      {
        category: 'fetch',
        data: { url: '/api/v2/webshop/cafe/cart?table=4', method: 'PUT', status_code: 200 },
      },
      {
        category: 'console',
        message: 'sending to anna@example.com',
        data: { arguments: [{ phone: '0701234567' }] },
      },
    ],
    transaction: '/cafe/cart?email=anna@example.com',
  });

  it('leaves no e-mail address, phone number, customer field or query string in the report', () => {
    const scrubbed = scrubEvent(event());
    const sent = JSON.stringify(scrubbed);
    for (const secret of [
      'anna@example.com',
      '0701234567',
      'SECRET',
      'Anna',
      'oobCode',
      'code=c',
      'table=4',
      'sid',
    ]) {
      expect(sent).not.toContain(secret);
    }
    expect(scrubbed.request).toEqual({
      url: 'https://shop.test/cafe/cart',
      headers: { 'User-Agent': 'Chrome', Referer: 'https://shop.test/auth/passwordreset' },
    });
    expect(scrubbed.user).toEqual({ id: 'u1' });
    expect(scrubbed.breadcrumbs?.[0]?.data).toEqual({ from: '/download', to: '/integrateVisma' });
    expect(scrubbed.breadcrumbs?.[1]?.data).toEqual({
      url: '/api/v2/webshop/cafe/cart',
      method: 'PUT',
      status_code: 200,
    });
  });

  it('keeps what debugging needs', () => {
    const scrubbed = scrubEvent(event());
    expect(scrubbed.exception?.values?.[0]?.type).toBe('Error');
    expect(scrubbed.exception?.values?.[0]?.stacktrace).toEqual({ frames: [] });
    expect(scrubbed.extra?.attempt).toBe(2);
    expect(scrubbed.contexts?.details).toEqual({ area: 'payment', phone: FILTERED });
    expect(scrubbed.tags).toEqual({ lastEmail: FILTERED, area: 'cart' });
    expect(scrubbed.breadcrumbs?.[2]?.message).toBe(`sending to ${FILTERED}`);
  });

  it('does not change the event it was given', () => {
    const original = event();
    const copy = JSON.parse(JSON.stringify(original)) as ErrorEvent;
    scrubEvent(original);
    expect(original).toEqual(copy);
  });

  it('handles a bare event', () => {
    expect(scrubEvent({ type: undefined })).toEqual(expect.objectContaining({ type: undefined }));
  });
});
