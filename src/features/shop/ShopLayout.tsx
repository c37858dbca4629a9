import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet, useParams, useSearchParams } from 'react-router-dom';
import { ShopThemeProvider } from '../../shared/theme/ShopThemeProvider';
import { Page } from '../../shared/ui/Page';
import { sessionActions } from '../session/sessionSlice';
import { selectShopDisplayState, selectShopInfo, selectTheme } from './shopSelectors';
import { shopActions } from './shopSlice';

/** §2 shop layout: loads the shop and the session, then decides not found → loading → closed → reference → store. */
export function ShopLayout() {
  const { webshopId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const dispatch = useDispatch();
  const { t } = useTranslation();
  const display = useSelector(selectShopDisplayState);
  const info = useSelector(selectShopInfo);
  const theme = useSelector(selectTheme);
  const table = searchParams.get('table') ?? undefined;
  const tabId = searchParams.get('tabId') ?? undefined;

  useEffect(() => {
    dispatch(shopActions.loadRequested({ shopId: webshopId }));
    dispatch(sessionActions.loadRequested(webshopId, { table, tabId }));
  }, [dispatch, webshopId, table, tabId]);

  return (
    <ShopThemeProvider theme={theme}>
      {display === 'open' ? (
        <Outlet />
      ) : (
        <Page>
          <h1>{display === 'notFound' ? t('shop.notFound.title') : (info?.title ?? t('shop.loading'))}</h1>
        </Page>
      )}
    </ShopThemeProvider>
  );
}
