import {
  addMoney,
  defaultCurrency,
  formatMoney,
  money,
  multiplyMoney,
  roundMinorUnits,
  sumMoney,
  zero,
} from '../../src/domain/money';

describe('§3 money values', () => {
  it('makes money in SEK unless another currency is given', () => {
    expect(money(100)).toEqual({ amount: 100, currency: 'SEK' });
    expect(money(100, 'EUR')).toEqual({ amount: 100, currency: 'EUR' });
  });

  it('stores -0 as 0', () => {
    expect(Object.is(money(-0).amount, 0)).toBe(true);
  });

  it('makes zero in the given currency', () => {
    expect(zero('EUR')).toEqual({ amount: 0, currency: 'EUR' });
    expect(zero('SEK')).toEqual({ amount: 0, currency: 'SEK' });
  });
});

describe('§5 adding money', () => {
  it('adds amounts of the same currency', () => {
    expect(addMoney(money(150), money(250))).toEqual(money(400));
    expect(addMoney(money(150, 'EUR'), money(-50, 'EUR'))).toEqual(money(100, 'EUR'));
  });

  it("fails with 'Currencies do not match' for different currencies", () => {
    expect(() => addMoney(money(1, 'SEK'), money(1, 'EUR'))).toThrow(new Error('Currencies do not match'));
  });

  it('sums a list, and an empty list is zero of the currency', () => {
    expect(sumMoney([money(100), money(200), money(300)], 'SEK')).toEqual(money(600));
    expect(sumMoney([], 'EUR')).toEqual(zero('EUR'));
  });

  it('fails to sum amounts in another currency than the one asked for', () => {
    expect(() => sumMoney([money(100, 'EUR')], 'SEK')).toThrow('Currencies do not match');
    expect(() => sumMoney([money(100), money(1, 'EUR')], 'SEK')).toThrow('Currencies do not match');
  });
});

describe('§3 multiplying money', () => {
  it('multiplies and keeps the currency', () => {
    expect(multiplyMoney(money(4500, 'EUR'), 3)).toEqual(money(13500, 'EUR'));
  });

  it('rounds to whole minor units, halves away from zero', () => {
    expect(multiplyMoney(money(3333), 0.5)).toEqual(money(1667)); // 1666.5
    expect(multiplyMoney(money(3331), 0.5)).toEqual(money(1666)); // 1665.5 → 1666
    expect(multiplyMoney(money(-3333), 0.5)).toEqual(money(-1667));
    expect(multiplyMoney(money(1001), 0.1)).toEqual(money(100)); // 100.1
  });

  it('is not fooled by floating-point noise', () => {
    // 45 × 0.7 is 31.499999999999996 and 50 × 1.15 is 57.49999999999999 in binary floating point.
    expect(multiplyMoney(money(45), 0.7).amount).toBe(32);
    expect(multiplyMoney(money(50), 1.15).amount).toBe(58);
    expect(roundMinorUnits(90 * 0.35)).toBe(32);
  });

  it('never gives -0', () => {
    expect(Object.is(multiplyMoney(money(0), -1).amount, 0)).toBe(true);
    expect(Object.is(roundMinorUnits(-0.4), 0)).toBe(true);
  });
});

describe('§9 money formatting (sv-SE, 2 decimals, plain spaces and minus)', () => {
  it.each([
    [12345, 'SEK', '123,45 kr'],
    [123456, 'SEK', '1 234,56 kr'],
    [123456789, 'SEK', '1 234 567,89 kr'],
    [-500, 'SEK', '-5,00 kr'],
    [-123456, 'SEK', '-1 234,56 kr'],
    [250, 'EUR', '2,50 €'],
    [0, 'SEK', '0,00 kr'],
    [1, 'SEK', '0,01 kr'],
    [100, 'EUR', '1,00 €'],
  ] as const)('formats %d %s as %p', (amount, currency, expected) => {
    expect(formatMoney(money(amount, currency))).toBe(expected);
  });

  it('leaves no non-breaking space or Unicode minus in the output', () => {
    const text = formatMoney(money(-123456789));
    expect(text).not.toMatch(/[\u00A0\u202F\u2212]/);
  });

  it('formats -0 as 0,00 kr without a minus', () => {
    expect(formatMoney({ amount: -0, currency: 'SEK' })).toBe('0,00 kr');
  });
});

describe('prices are formatted once per currency and amount (issue 11: a big shop repeats prices)', () => {
  it('a price shown again is not formatted again', () => {
    const price = { amount: 4_217, currency: 'EUR' as const };
    formatMoney(price);
    // `format` is a getter on Intl.NumberFormat.prototype (it hands out a bound function): watch the getter.
    const proto = Intl.NumberFormat.prototype as unknown as { readonly format: unknown };
    const spy = jest.spyOn(proto, 'format', 'get');
    expect(formatMoney({ ...price })).toBe('42,17 €');
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('§9 default currency', () => {
  it('is SEK for Sweden and when the country is unknown', () => {
    expect(defaultCurrency('SWEDEN')).toBe('SEK');
    expect(defaultCurrency(null)).toBe('SEK');
    expect(defaultCurrency(undefined)).toBe('SEK');
  });

  it('is EUR for Finland', () => {
    expect(defaultCurrency('FINLAND')).toBe('EUR');
    expect(defaultCurrency('FINLAND', null)).toBe('EUR');
  });

  it('lets an explicit currency win over the country', () => {
    expect(defaultCurrency('FINLAND', 'SEK')).toBe('SEK');
    expect(defaultCurrency('SWEDEN', 'EUR')).toBe('EUR');
  });
});
