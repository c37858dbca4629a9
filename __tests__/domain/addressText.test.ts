/** docs/product-rules.md §5, text from the address: the shapes a table, a search and a company name may have. */
import { addressSearchText, companyNameOf, orderReferenceOf } from '../../src/domain/addressText';

describe('§5 an order reference has a table’s shape', () => {
  it.each(['07', 'A12', '12B', 'a12', 'Ö1', 'åäöÅÄÖ', '1'])(
    '§5: %j is an order reference, as given',
    (text) => {
      expect(orderReferenceOf(text)).toBe(text);
    },
  );

  it('§5: an order reference is taken trimmed, its case kept', () => {
    expect(orderReferenceOf(' b7 ')).toBe('b7');
  });

  it.each([
    'Swisha till 0701234567',
    '1234567',
    'A 12',
    'A-12',
    '12.',
    '<b>1',
    'é1',
    '１２',
    '',
    '   ',
    null,
    undefined,
  ])('§5: %j is no order reference', (text) => {
    expect(orderReferenceOf(text)).toBeNull();
  });
});

describe('§5 a search from the address is a plain short one', () => {
  it.each(['', 'latte', 'Kanelbulle', 'glutenfri semla', 'crème brûlée', 'oat-milk', 'Item 2', '33 cl'])(
    '§5: %j is shown as the search',
    (q) => {
      expect(addressSearchText(q)).toBe(q);
    },
  );

  it.each(['Swisha till 0701234567', 'ring 070 12', 'evil.example', 'a'.repeat(31), 'pay@shop', 'nu!'])(
    '§5: %j is not: the search opens empty',
    (q) => {
      expect(addressSearchText(q)).toBe('');
    },
  );
});

describe('§5 a company name from the address looks like one', () => {
  it.each([
    'Café Kanelbullen AB',
    'Kaffebaren i Vasastan AB',
    'Bistro 1906 AB',
    "Anna's & Co (Öst)",
    'Åre-Kök',
  ])('§5: %j is shown', (name) => {
    expect(companyNameOf(` ${name} `)).toBe(name);
  });

  it.each([
    'Swisha till 0701234567',
    'Ring 070-123 45 67',
    'Bankgiro 123-4567',
    'Logga in på evil.example',
    'a'.repeat(61),
    '<script>',
    '',
    null,
  ])('§5: %j is not: the page names the bookkeeper alone', (name) => {
    expect(companyNameOf(name)).toBeNull();
  });
});
