import type { ErrorEvent } from '@sentry/browser';
import {
  FILTERED,
  MIN_TYPED_LENGTH,
  scrubData,
  scrubEvent,
  scrubText,
  stripQuery,
  typedValuesPattern,
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

describe("the customer's typed details (a server's error text may echo them)", () => {
  const typed = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '0701234567',
    address: 'Storgatan 12B',
    postalCode: '111 22',
    city: 'Stockholm',
    extraInfo: 'Portkod 4711',
  };
  const echo =
    'Payment failed for Ada Lovelace <ada@example.com>, Storgatan 12B, 111 22 Stockholm (Portkod 4711)';
  const scrubbedEcho = `Payment failed for ${FILTERED} <${FILTERED}>, ${FILTERED}, ${FILTERED} ${FILTERED} (${FILTERED})`;

  const report = (): ErrorEvent => ({
    type: undefined,
    message: echo,
    logentry: { message: `Cancel for Ada Lovelace`, params: ['Storgatan 12B'] },
    exception: { values: [{ type: 'NetworkError', value: 'Payment failed for Ada Lovelace' }] },
    request: {
      url: 'https://shop.test/cafe/cart',
      data: { comment: 'Ada Lovelace, Storgatan 12B' },
      headers: { 'User-Agent': 'Chrome' },
    },
    extra: { answer: echo },
    contexts: { response: { detail: `startPayment answered 500: ${echo}` } },
    tags: { who: 'Lovelace' },
    breadcrumbs: [{ category: 'console', message: echo, data: { arguments: [echo, 'Stockholm'] } }],
  });

  it('a report that echoes name and address in its message, exception value, breadcrumbs, extra data, contexts, tags and request comes out without them', () => {
    const scrubbed = scrubEvent(report(), typed);
    const sent = JSON.stringify(scrubbed);
    for (const secret of ['Ada', 'Lovelace', 'Storgatan', '12B', '111 22', 'Stockholm', '4711']) {
      expect(sent).not.toContain(secret);
    }
    expect(scrubbed.message).toBe(scrubbedEcho);
    expect(scrubbed.logentry).toEqual({ message: `Cancel for ${FILTERED}`, params: [FILTERED] });
    expect(scrubbed.exception?.values?.[0]?.value).toBe(`Payment failed for ${FILTERED}`);
    expect(scrubbed.extra).toEqual({ answer: scrubbedEcho });
    expect(scrubbed.contexts).toEqual({ response: { detail: `startPayment answered 500: ${scrubbedEcho}` } });
    expect(scrubbed.tags).toEqual({ who: FILTERED });
    expect(scrubbed.breadcrumbs?.[0]).toEqual({
      category: 'console',
      message: scrubbedEcho,
      data: { arguments: [scrubbedEcho, FILTERED] },
    });
    // The request's body is never sent, whatever it holds.
    expect(scrubbed.request).toEqual({
      url: 'https://shop.test/cafe/cart',
      headers: { 'User-Agent': 'Chrome' },
    });
  });

  it('a name or address in a URL path is removed too', () => {
    const scrubbed = scrubEvent(
      {
        type: undefined,
        request: { url: 'https://shop.test/x/Lovelace?email=a' },
        transaction: '/Stockholm/y',
      },
      typed,
    );
    expect(scrubbed.request?.url).toBe(`https://shop.test/x/${FILTERED}`);
    expect(scrubbed.transaction).toBe(`/${FILTERED}/y`);
  });

  it('e-mail addresses and phone numbers are still replaced, also ones the customer did not type', () => {
    expect(scrubText('to ada.lovelace@example.com or +46 8 123 456 78', typedValuesPattern(typed))).toBe(
      `to ${FILTERED} or ${FILTERED}`,
    );
  });

  it('text that does not echo the customer is kept', () => {
    const unrelated = 'Loading chunk 482 failed: Adapter for Evaluate not ready (status 500, order 12345)';
    expect(scrubText(unrelated, typedValuesPattern({ ...typed, name: 'Ada Eva Lovelace' }))).toBe(unrelated);
  });

  it('each word of the name is removed on its own ("Lovelace, Ada"), the other fields only whole', () => {
    const pattern = typedValuesPattern(typed);
    expect(scrubText('Lovelace, Ada: no seat', pattern)).toBe(`${FILTERED}, ${FILTERED}: no seat`);
    // 'Storgatan' alone is no echo of the address 'Storgatan 12B' (splitting free text such as extraInfo
    // into words would remove ordinary words of messages).
    expect(scrubText('Storgatan is closed; Portkod unknown', pattern)).toBe(
      'Storgatan is closed; Portkod unknown',
    );
  });

  it('matching ignores case and the white space inside and around a value', () => {
    const pattern = typedValuesPattern({ name: '  ada   lovelace ', address: 'Storgatan\t12B' });
    expect(scrubText('ADA LOVELACE at storgatan  12b', pattern)).toBe(`${FILTERED} at ${FILTERED}`);
    expect(scrubText('Åsa Öberg', typedValuesPattern({ name: 'åsa öberg' }))).toBe(FILTERED);
  });

  it('a value is removed only where it stands as whole words', () => {
    const pattern = typedValuesPattern({ name: 'Ada Lovelace', city: 'Lund' });
    expect(scrubText('Adapter, Lundby, Lovelaces', pattern)).toBe('Adapter, Lundby, Lovelaces');
    expect(scrubText('(Ada) "Lund"', pattern)).toBe(`(${FILTERED}) "${FILTERED}"`);
  });

  it(`values and words of the name shorter than ${MIN_TYPED_LENGTH} characters are kept`, () => {
    const pattern = typedValuesPattern({ name: 'Bo Ek', address: 'a', city: 'Å', postalCode: '12' });
    // 'Bo Ek' as a whole is long enough; 'Bo' and 'Ek' alone are not.
    expect(scrubText('Bo Ek paid; bo ek; a 12 Å', pattern)).toBe(`${FILTERED} paid; ${FILTERED}; a 12 Å`);
    expect(scrubText('Bo paid, Ek too', pattern)).toBe('Bo paid, Ek too');
    expect(typedValuesPattern({ name: 'Bo', address: '', city: '  ' })).toBeNull();
    expect(scrubText('Eva paid', typedValuesPattern({ name: 'Eva' }))).toBe(`${FILTERED} paid`);
  });

  it('a value that contains another is removed whole, not just the part the shorter one covers', () => {
    const pattern = typedValuesPattern({ city: 'Lund', address: 'Lund Street 5' });
    expect(scrubText('deliver to Lund Street 5, Lund', pattern)).toBe(`deliver to ${FILTERED}, ${FILTERED}`);
  });

  it('characters with a meaning in regular expressions are matched literally', () => {
    const pattern = typedValuesPattern({ name: "O'Brien (Jr.)", extraInfo: 'a+b*c? [x]|{y}/z\\' });
    expect(scrubText("for O'Brien (Jr.) and a+b*c? [x]|{y}/z\\", pattern)).toBe(
      `for ${FILTERED} and ${FILTERED}`,
    );
    expect(scrubText('for OXBrien (Jr.) and aab*c', pattern)).toBe(`for OXBrien (Jr.) and aab*c`);
  });

  it('extra information holding a phone number is found after the number is replaced', () => {
    const pattern = typedValuesPattern({ extraInfo: 'Ring 0701234567 vid grinden' });
    expect(scrubText('Swish message: Ring 070-123 45 67 vid grinden', pattern)).toBe(
      `Swish message: ${FILTERED}`,
    );
  });

  it('without typed details only the patterns apply', () => {
    expect(scrubEvent(report()).exception?.values?.[0]?.value).toBe('Payment failed for Ada Lovelace');
  });
});
