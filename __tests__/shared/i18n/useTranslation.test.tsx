/**
 * Issue 37: the app's `useTranslation` (src/shared/i18n/useTranslation.ts) in place of react-i18next's, which
 * copied the whole i18next instance on every mount (a tenth of the store page's render). It must still
 * re-render a component in the language chosen (§1) and stop listening when the component goes.
 */
import { act, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../../../src/shared/i18n';
import { useTranslation } from '../../../src/shared/i18n/useTranslation';
import en from '../../../translations/en.json';
import se from '../../../translations/se.json';

let i18n: I18n;
beforeEach(async () => {
  i18n = await initI18n({ lng: 'en', resources: { en: { translation: en }, se: { translation: se } } });
});

const seen: I18n[] = [];
function Retry() {
  const { t, i18n: instance } = useTranslation();
  seen.push(instance);
  return <button type="button">{t('common.retry')}</button>;
}

const renderRetry = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <Retry />
    </I18nextProvider>,
  );

test('§1: a component shows the new language as soon as the language changes', async () => {
  renderRetry();
  expect(screen.getByRole('button')).toHaveTextContent('Try again');
  await act(() => i18n.changeLanguage('se'));
  expect(screen.getByRole('button')).toHaveTextContent('Försök igen');
});

test('issue 37: the component is handed the instance itself, not a copy made per mount or language', async () => {
  seen.length = 0;
  renderRetry();
  await act(() => i18n.changeLanguage('se'));
  expect(seen.length).toBeGreaterThan(1);
  expect(seen.every((instance) => instance === i18n)).toBe(true);
});

test('a component that is gone no longer listens for the language', () => {
  const off = jest.spyOn(i18n, 'off');
  renderRetry().unmount();
  expect(off).toHaveBeenCalledWith('languageChanged', expect.any(Function));
});

function Texts() {
  const { t } = useTranslation();
  return (
    <p>
      {t('product.addToCart', { name: 'Kanelbulle' })} · {t('store.inCart', { count: 2 })} ·{' '}
      {t('common.retry')}
    </p>
  );
}

test('issue 37: `t` writes in the language shown, with its values and plurals, and copies no instance per text', async () => {
  const fixed = jest.spyOn(i18n, 'getFixedT');
  render(
    <I18nextProvider i18n={i18n}>
      <Texts />
    </I18nextProvider>,
  );
  expect(screen.getByText(/Kanelbulle/)).toHaveTextContent(
    'Add Kanelbulle to the cart · 2 in cart · Try again',
  );
  await act(() => i18n.changeLanguage('se'));
  expect(screen.getByText(/Kanelbulle/)).toHaveTextContent(
    'Lägg Kanelbulle i varukorgen · 2 i varukorgen · Försök igen',
  );
  // i18next's fixed `t` copies all the instance's options into every call.
  expect(fixed).not.toHaveBeenCalled();
});
