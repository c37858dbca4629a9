import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ShopThemeProvider } from '../shared/theme/ShopThemeProvider';
import { defaultTheme } from '../shared/theme/defaultTheme';
import type { AppStore } from './store';

/** The providers every screen needs: store, texts, the default theme (a shop layout sets its own) and the router. */
export function App({
  store,
  i18n,
  router,
}: {
  store: AppStore;
  i18n: I18n;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <ShopThemeProvider theme={defaultTheme}>
          <RouterProvider router={router} />
        </ShopThemeProvider>
      </I18nextProvider>
    </Provider>
  );
}
