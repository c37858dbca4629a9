import type { i18n as I18n } from 'i18next';
import type { ComponentProps } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { ShopThemeProvider } from '../shared/theme/ShopThemeProvider';
import { defaultTheme } from '../shared/theme/defaultTheme';
import { AppRoutes } from './router';
import type { AppStore } from './store';

/**
 * The address history the app and its sagas share: the browser's in the page, a memory history in tests.
 * React Router's declarative router over it (not the data router, which would add 16 KiB gzip of loaders
 * and fetchers nothing here uses); sagas navigate through the same object.
 */
export type AppHistory = ComponentProps<typeof HistoryRouter>['history'];

/** The providers every screen needs: store, texts, the default theme (a shop layout sets its own) and the router. */
export function App({ store, i18n, history }: { store: AppStore; i18n: I18n; history: AppHistory }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShopThemeProvider theme={defaultTheme}>
          <HistoryRouter history={history}>
            <AppRoutes />
          </HistoryRouter>
        </ShopThemeProvider>
      </I18nextProvider>
    </Provider>
  );
}
