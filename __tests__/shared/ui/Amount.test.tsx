/**
 * Issue 35: an amount is drawn whole. The Amount and AmountInText components give every amount §9's text in
 * a `[data-amount]` element, and the page's own stylesheet keeps those on one line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { money } from '../../../src/domain/money';
import { Amount, AmountInText } from '../../../src/shared/ui/Amount';

describe('§9 Amount', () => {
  it("draws §9's text (plain spaces) in one [data-amount] span, a sign inside it", () => {
    const { container } = render(
      <p>
        <Amount value={money(122900)} /> <Amount value={money(500)} sign="+" />{' '}
        <Amount value={money(250, 'EUR')} sign="-" />
      </p>,
    );
    const amounts = [...container.querySelectorAll('span[data-amount]')].map((span) => span.textContent);
    expect(amounts).toEqual(['1 229,00 kr', '+5,00 kr', '-2,50 €']);
  });

  it("AmountInText keeps the translation's words and order, the amount alone in [data-amount]", () => {
    const { container } = render(
      <p>
        <AmountInText value={money(4500)} text={(amount) => `Total: ${amount}`} />
      </p>,
    );
    expect(container.textContent).toBe('Total: 45,00 kr');
    expect(container.querySelector('[data-amount]')?.textContent).toBe('45,00 kr');
    const after = render(
      <p>
        <AmountInText value={money(3500)} text={(price) => `${price} × 2 (pcs)`} />
      </p>,
    );
    expect(after.container.textContent).toBe('35,00 kr × 2 (pcs)');
  });

  it('AmountInText draws a translation without the amount as it is', () => {
    const { container } = render(
      <p>
        <AmountInText value={money(4500)} text={() => 'Total'} />
      </p>,
    );
    expect(container.textContent).toBe('Total');
    expect(container.querySelector('[data-amount]')).toBeNull();
  });

  it("the page's own stylesheet (static/index.html) keeps every [data-amount] on one line", () => {
    const html = readFileSync(path.join(__dirname, '../../../static/index.html'), 'utf8');
    expect(html).toMatch(/\[data-amount\]\s*\{\s*white-space:\s*nowrap;\s*\}/);
  });
});
