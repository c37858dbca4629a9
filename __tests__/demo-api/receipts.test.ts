/** Contract tests of receipts: JSON with hand-computed VAT, PDF (v2 and v1), e-mail outbox. */
import { PDFDocument } from '@cantoo/pdf-lib';
import type {
  ReceiptPdfResponse,
  ReceiptResponse,
  SessionResponse,
  StartPaymentResponse,
} from '../../src/contract';
import { receiptTotals } from '../../src/domain/receipt';
import { pdfContent } from '../helpers/pdfText';
import { CAFE, cafeCustomer, line, obj, startDemo, type Client, type Harness } from './demoTestClient';

let h: Harness;
let c: Client;
let receiptId: string;

/** Buys `cart` in `shopId` with `method` and approves it through the control API; answers the receipt id. */
async function buy(
  client: Client,
  shopId: string,
  method: string,
  cart: Record<string, unknown>[],
  customer: Record<string, unknown> = {},
): Promise<string> {
  const base = `/api/v2/webshop/${shopId}`;
  expect((await client.put(`${base}/cart`, { cart, tabItems: [] })).status).toBe(200);
  const started = await client.post(`${base}/cart/startPayment`, {
    paymentMethodId: method,
    customerInfo: cafeCustomer(customer),
    orderReference: null,
  });
  expect(started.status).toBe(200);
  const { paymentId } = started.json as StartPaymentResponse;
  expect((await client.post(`/demo/api/payments/${paymentId}/approve`)).status).toBe(200);
  const session = (await client.get(`${base}/cart`)).json as SessionResponse;
  if (!session.receiptId) throw new Error('no receipt');
  return session.receiptId;
}

/** How pdf-lib writes `text` with a standard (WinAnsi) font: a hex string of its code points. */
function winAnsiHex(text: string): string {
  return Buffer.from(text, 'latin1').toString('hex').toUpperCase();
}

beforeAll(async () => {
  h = await startDemo();
  c = h.client();
  receiptId = await buy(c, 'cafe', 'pm-cafe-swish', [
    line('a', 'latte', 2, ['d-oat', 'd-vanilla'], 'Extra varm'),
    line('b', 'cider', 1),
  ]);
});
afterAll(async () => {
  await h.close();
});

describe('GET receipt', () => {
  it('answers seller, lines with extras and tax, payment lines, date, register and control code', async () => {
    const res = await c.get(`${CAFE}/receipt/${receiptId}`);
    expect(res.status).toBe(200);
    const receipt = res.json as ReceiptResponse;
    expect(receipt).toMatchObject({
      receiptId,
      name: 'Café Kanelbullen AB',
      organizationnumber: '559123-4567',
      street: 'Storgatan 12',
      postalcode: '111 22',
      city: 'Stockholm',
      phone: '08-123 456 78',
      currency: 'SEK',
      dateCreated: new Date(h.clock.now).toISOString(),
      cashRegisterLabel: 'Kassa 1 – Café Kanelbullen',
      controlUnitSerial: 'DEMO-KE-000101',
      paymentMethods: [{ type: 'SWISH_TRADE', amount: 17500 }],
    });
    expect(receipt.controlUnitResponse).toMatch(/^[0-9A-F ]{20,}$/);
    expect(receipt.products).toEqual([
      {
        id: 'a',
        title: 'Caffè latte',
        count: 2,
        price: 4800,
        sizeOfItem: 1,
        description: 'Extra varm',
        tax: 12,
        discount: null,
        deviations: [
          { id: 'd-oat', name: 'Havredryck', count: 1, price: 0, tax: 12 },
          { id: 'd-vanilla', name: 'Vaniljsirap', count: 1, price: 500, tax: 12 },
        ],
      },
      {
        id: 'b',
        title: 'Äppelcider 4,5 %',
        count: 1,
        price: 6900,
        sizeOfItem: 1,
        description: null,
        tax: 25,
        discount: null,
        deviations: [],
      },
    ]);
  });

  it('has the VAT figures computed by hand (12 % and 25 %)', async () => {
    const receipt = (await c.get(`${CAFE}/receipt/${receiptId}`)).json as ReceiptResponse;
    // 12 %: (48 + 0 + 5) × 2 = 106,00 → VAT 106 × 12/112 = 11,357… ; 25 %: 69,00 → VAT 69 × 25/125 = 13,80.
    // Total VAT 25,157… → 25,16; the per-rate rows are rounded to add up: 11,36 + 13,80.
    expect(receiptTotals(receipt.products)).toEqual({
      total: 17500,
      vat: 2516,
      net: 14984,
      vatByRate: [
        { rate: 12, vat: 1136, net: 9464, gross: 10600 },
        { rate: 25, vat: 1380, net: 5520, gross: 6900 },
      ],
    });
    expect(receipt.paymentMethods[0]?.amount).toBe(17500);
  });

  it('has Finnish VAT (14 % and 25.5 %) in EUR for the Finnish shop', async () => {
    const fi = h.client();
    const id = await buy(fi, 'kahvila', 'pm-kahvila-viva', [
      line('k', 'korvapuusti', 2),
      line('o', 'olut', 1),
    ]);
    const receipt = (await fi.get(`/api/v2/webshop/kahvila/receipt/${id}`)).json as ReceiptResponse;
    expect(receipt.currency).toBe('EUR');
    // §9 per line: 14 %: 7,80 € → 0,957… → 0,96; 25.5 %: 7,90 € → 1,605… → 1,61; VAT 2,57.
    expect(receiptTotals(receipt.products)).toEqual({
      total: 1570,
      vat: 257,
      net: 1313,
      vatByRate: [
        { rate: 14, vat: 96, net: 684, gross: 780 },
        { rate: 25.5, vat: 161, net: 629, gross: 790 },
      ],
    });
    // The e-mailed receipt (the same view as the PDF) writes the rate the Finnish way.
    expect(
      (await fi.post(`/api/v2/webshop/kahvila/receipt/${id}/email`, { email: 'a@example.com' })).status,
    ).toBe(204);
    const outbox = (await fi.get('/demo/api/outbox')).json as { receiptId: string; body: string }[];
    const body = outbox.find((mail) => mail.receiptId === id)?.body ?? '';
    expect(body).toContain('ALV 25,5 %');
    expect(body).toContain('ALV 14 %');
    expect(body).not.toContain('25.5');
  });

  it('404 for unknown receipts and for another shop’s receipt', async () => {
    expect((await c.get(`${CAFE}/receipt/NOSUCHRECEIPT`)).json).toEqual({
      name: 'NOT_FOUND',
      errorCode: 'RECEIPT_NOT_FOUND',
    });
    expect((await c.get(`/api/v2/webshop/kahvila/receipt/${receiptId}`)).status).toBe(404);
  });
});

describe('PDF download', () => {
  it('is a real PDF, inline, named kvitto-{id}.pdf, with Swedish text rendered', async () => {
    const res = await c.get(`${CAFE}/receipt/${receiptId}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="kvitto-${receiptId}.pdf"`);
    expect(Buffer.from(res.bytes.subarray(0, 4)).toString('latin1')).toBe('%PDF');
    const doc = await PDFDocument.load(res.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Kvitto ${receiptId} – Café Kanelbullen AB`);
    const content = pdfContent(res.bytes);
    for (const text of [
      'Café Kanelbullen AB',
      'Äppelcider 4,5 %',
      'Caffè latte',
      'Totalt',
      '175,00 kr',
      '11,36 kr',
      '13,80 kr',
      'Kontrollkod',
    ]) {
      expect(content).toContain(winAnsiHex(text));
    }
  });

  it('is the same bytes through the v1 download', async () => {
    const v2 = await c.get(`${CAFE}/receipt/${receiptId}/download`);
    const v1 = await c.get(`/api/v1/webshop/download/c-cafe/${receiptId}`);
    expect(v1.status).toBe(200);
    const data = (v1.json as ReceiptPdfResponse).pdfData.data;
    expect(Buffer.from(data).equals(Buffer.from(v2.bytes))).toBe(true);
  });

  it('v1: 404 for unknown or another company, 400 INVALID_RECEIPT_ID for malformed ids', async () => {
    expect((await c.get('/api/v1/webshop/download/c-cafe/UNKNOWN1')).status).toBe(404);
    expect((await c.get(`/api/v1/webshop/download/c-kahvila/${receiptId}`)).status).toBe(404);
    for (const bad of ['bad%20id', '%3Cscript%3E', 'a'.repeat(65), "x'%3B--"]) {
      const res = await c.get(`/api/v1/webshop/download/c-cafe/${bad}`);
      expect(res.status).toBe(400);
      expect(obj(res.json).name).toBe('INVALID_RECEIPT_ID');
    }
  });

  it('renders hostile and non-Latin-1 texts without failing', async () => {
    const hc = h.client();
    const id = await buy(hc, 'hostile', 'pm-hostile-swish', [
      line('u', 'x-unicode', 1, [], 'Allergi 🥜 – inga nötter ≠'),
      line('s', 'x-script', 1),
    ]);
    const res = await hc.get(`/api/v2/webshop/hostile/receipt/${id}/download`);
    expect(res.status).toBe(200);
    expect(Buffer.from(res.bytes.subarray(0, 4)).toString('latin1')).toBe('%PDF');
    // The title may wrap beside the row's price columns; each word is drawn whole.
    for (const word of ['<script>alert(1)</script>', 'Smörgås'])
      expect(pdfContent(res.bytes)).toContain(winAnsiHex(word));
  });
});

describe('receipt e-mail', () => {
  it('a valid address → 204 and a row in the outbox with the receipt as text', async () => {
    const res = await c.post(`${CAFE}/receipt/${receiptId}/email`, { email: ' asa@example.com ' });
    expect(res.status).toBe(204);
    const outbox = (await c.get('/demo/api/outbox')).json as {
      to: string;
      subject: string;
      body: string;
      createdAt: string;
      receiptId: string;
    }[];
    expect(outbox[0]).toMatchObject({
      to: 'asa@example.com',
      receiptId,
      createdAt: new Date(h.clock.now).toISOString(),
    });
    expect(outbox[0]?.subject).toBe(`Kvitto ${receiptId} – Café Kanelbullen AB`);
    for (const text of [
      // §9 every receipt line reads count × unit price = amount, the extras counted for both lattes.
      '2 × Caffè latte                           48,00 kr      96,00 kr',
      '    2 × Havredryck                         0,00 kr       0,00 kr',
      '    2 × Vaniljsirap                        5,00 kr      10,00 kr',
      'Moms 12 %',
      '11,36 kr',
      'Totalt',
      '175,00 kr',
      // Issue 39: the page's words ('Betalat med', not 'Betalt med') and the shop's clock, its zone named.
      'Betalat med Swish',
      'Kontrollkod',
    ]) {
      expect(outbox[0]?.body).toContain(text);
    }
    expect(outbox[0]?.body).not.toContain('*');
    expect(outbox[0]?.body).toMatch(/Datum: \d{4}-\d{2}-\d{2} \d{2}:\d{2} (CET|CEST|GMT\+[12])/);
    const page = await c.get('/demo/outbox');
    expect(page.text).toContain('asa@example.com');
  });

  it.each([
    ['fi', 'Kuitti', 'Maksutapa: Swish', 'Veroton'],
    ['en', 'Receipt', 'Paid by Swish', 'Net'],
  ] as const)(
    'issue 39: an e-mail sent from a page in %s is written in it, with the words of the page',
    async (language, title, paidBy, net) => {
      const res = await c.post(`${CAFE}/receipt/${receiptId}/email`, { email: 'asa@example.com', language });
      expect(res.status).toBe(204);
      const outbox = (await c.get('/demo/api/outbox')).json as { subject: string; body: string }[];
      const mail = outbox.find((m) => m.subject.startsWith(title));
      expect(mail?.body).toContain(paidBy);
      expect(mail?.body).toContain(net);
    },
  );

  it.each(['not-an-email', 'a b@example.com', '', 'a@b'])(
    'refuses %j with 400 INVALID_EMAIL and writes nothing',
    async (email) => {
      const before = h.api.ctx.db.snapshot(['email_outbox']);
      const res = await c.post(`${CAFE}/receipt/${receiptId}/email`, { email });
      expect(res.status).toBe(400);
      expect(obj(res.json).name).toBe('INVALID_EMAIL');
      expect(h.api.ctx.db.snapshot(['email_outbox'])).toBe(before);
    },
  );

  it('unknown receipt → 404', async () => {
    expect((await c.post(`${CAFE}/receipt/NOSUCH/email`, { email: 'a@example.com' })).status).toBe(404);
  });
});
