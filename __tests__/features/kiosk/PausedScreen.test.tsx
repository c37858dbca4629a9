/**
 * Issue 23 (item 6): the kiosk's "Ordering is paused" screen: a modal dialog over the order (which stays
 * underneath, inert), named by its title and described by its text, in the customer's language, with a
 * busy indicator; Escape does not close it (only the API answering again does).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PausedScreen } from '../../../src/features/kiosk/PausedScreen';
import { initI18n, type Language } from '../../../src/shared/i18n';
import { ShopThemeProvider } from '../../../src/shared/theme/ShopThemeProvider';
import { defaultTheme } from '../../../src/shared/theme/defaultTheme';
import { isModalDialog } from '../../helpers/setupDom';
import en from '../../../translations/en.json';
import fi from '../../../translations/fi.json';
import se from '../../../translations/se.json';

async function renderPaused(lng: Language) {
  const i18n = await initI18n({
    lng,
    resources: { se: { translation: se }, en: { translation: en }, fi: { translation: fi } },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ShopThemeProvider theme={defaultTheme}>
        <main>
          <button type="button">Go to payment</button>
        </main>
        <PausedScreen />
      </ShopThemeProvider>
    </I18nextProvider>,
  );
}

describe('issue 23: the paused screen', () => {
  it.each<[Language, string, string]>([
    ['se', 'Beställningen är pausad', 'Vi återansluter.'],
    ['en', 'Ordering is paused', 'We are reconnecting.'],
    ['fi', 'Tilaaminen on tauolla', 'Yhdistämme uudelleen.'],
  ])(
    'in %s: a modal dialog named "%s", described by its text, with a busy indicator',
    async (lng, title, text) => {
      await renderPaused(lng);
      const dialog = screen.getByRole('dialog', { name: title });
      expect(isModalDialog(dialog)).toBe(true);
      expect(dialog).toHaveAccessibleDescription(expect.stringContaining(text));
      expect(screen.getByRole('heading', { name: title })).toBeVisible();
      expect(screen.getByRole('status')).toHaveTextContent(text);
    },
  );

  it('Escape leaves it open: only the API answering again ends the pause', async () => {
    await renderPaused('en');
    const dialog = screen.getByRole('dialog', { name: 'Ordering is paused' });
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(dialog); // the backdrop
    expect(dialog).toHaveAttribute('open');
  });
});
