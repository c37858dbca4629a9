import { css } from '@emotion/react';
import { Fragment, Suspense, useCallback, useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Outlet, useLocation, useMatch, useParams, useSearchParams } from 'react-router';
import { ShopThemeProvider } from '../../shared/theme/ShopThemeProvider';
import { mq, space } from '../../shared/theme/tokens';
import { LoadBoundary } from '../../shared/ui/LoadBoundary';
import { Spinner } from '../../shared/ui/Spinner';
import { lazyWithRetry } from '../../shared/lazyWithRetry';
import { whenIdle } from '../../shared/whenIdle';
import { KioskOrderPanel, KioskShell, selectKiosk } from '../kiosk';
import { selectHeldCartChange } from '../paymentState';
import { LazyReferencePage, selectSessionLoaded, sessionActions } from '../session';
import {
  selectShopDisplayState,
  selectShopInfo,
  selectShopPartial,
  selectShopStatus,
  selectTheme,
  shopActions,
} from '../shopState';
import { preloadCartOnIntent, preloadCartPage } from './lazyCartPage';
import { MobileCartBar } from './MobileCartBar';
import { preloadProductPopup } from './ProductPopup';
import { ShopFooter } from './ShopFooter';
import { ShopHeader } from './ShopHeader';
import { ShopClosed, ShopLoadError, ShopNotFound } from './ShopStatePages';
import type { RootState } from '../../app/hooks';

const selectShopLoading = (state: RootState) => selectShopStatus(state) === 'loading';

// §4 the question before a cart change cancels a pending payment: its own chunk, asked for rarely.
const CartChangeDialog = lazyWithRetry(() =>
  import(/* webpackChunkName: "cart-change" */ './CartChangeDialog').then((m) => ({
    default: m.CartChangeDialog,
  })),
);

/** The address of a shop's cart page. */
const CART_PAGE = /^\/[^/]+\/cart\/?$/;

/**
 * §2 shop layout. Loads the shop and the session (with the table and tabId of the address), then decides
 * in order: not found → loading → closed → reference page → the store (the routed page).
 */
/** The kiosk's store beside its order panel (one column in portrait). Serialised once, as the others below. */
const kioskColumnsCss = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(300px, 34%)',
  alignItems: 'start',
  [mq.portrait]: { gridTemplateColumns: 'minmax(0, 1fr)' },
});
const shrinkableCss = css({ minWidth: 0 });

export function ShopLayout() {
  const { webshopId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const display = useAppSelector(selectShopDisplayState);
  const theme = useAppSelector(selectTheme);
  // A reload keeps the store on screen; §2 the cart summary still waits until the shop is no longer loading
  // and the first session answer is in (the store itself shows before: the host may have rendered it).
  const shopLoading = useAppSelector(selectShopLoading);
  const sessionLoaded = useAppSelector(selectSessionLoaded);
  const kiosk = useAppSelector(selectKiosk);
  const changeHeld = useAppSelector(selectHeldCartChange) !== null;
  // The kiosk's order panel stays beside the store and a product's page (the cart page is the order itself).
  const onStore = useMatch('/:webshopId') !== null;
  const onProduct = useMatch('/:webshopId/products/:productId') !== null;
  // The cart page of a page that has only the first products of a big shop (issue 37), reached by Back before
  // the rest is in, waits for them: its lines and total need every product in the cart.
  // (A literal pattern, compiled once: useMatch compiles its pattern at every render of every page.)
  const { pathname } = useLocation();
  const cartWaits = useAppSelector(selectShopPartial) && CART_PAGE.test(pathname);
  const loaded = display !== 'notFound' && display !== 'loading' && display !== 'error';
  // A kiosk draws the shop's pages for a customer once its code is in and their start language is in force
  // (kiosk/kioskStart.ts): nothing of the page changes under a tap.
  const kioskReady = !kiosk.enabled || kiosk.startedFor === kiosk.customer;
  const table = searchParams.get('table') ?? undefined;
  const tabId = searchParams.get('tabId') ?? undefined;

  const load = useCallback(() => {
    dispatch(shopActions.loadRequested({ shopId: webshopId }));
    dispatch(sessionActions.loadRequested(webshopId, { table, tabId }));
  }, [dispatch, webshopId, table, tabId]);
  useEffect(load, [load]);

  // A product's popup and the cart are where nearly every visit goes next: fetch their code once the store
  // is drawn and the page is idle.
  const open = display === 'open';
  useEffect(
    () =>
      open
        ? whenIdle(() => {
            preloadCartPage();
            preloadProductPopup();
          })
        : undefined,
    [open],
  );

  // The browser tab (and a phone's task switcher) names the shop.
  const title = useAppSelector(selectShopInfo)?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  // A screen's code on its way: a spinner a screen tall, so the footer below does not jump when it arrives.
  const screenLoading = (
    <div css={{ minHeight: '100vh' }}>
      <Spinner label={t('common.loading')} />
    </div>
  );
  let content;
  if (display === 'notFound') content = <ShopNotFound />;
  // A kiosk that cannot read its shop pauses ordering until the API answers, then reads it again by itself
  // (kiosk/kioskConnection.ts): under the pause it shows the shop loading, never an error to tap away.
  else if (display === 'error' && !kiosk.enabled) content = <ShopLoadError onRetry={load} />;
  else if (display === 'loading' || display === 'error' || !kioskReady || cartWaits)
    // index.html shows the same view (spinner, place, colours) until this first render replaces it.
    content = (
      <div css={{ padding: `0 ${space.lg}px` }}>
        <Spinner label={t('shop.loading')} />
      </div>
    );
  else if (display === 'closed') content = <ShopClosed />;
  else if (display === 'needsReference')
    content = (
      <Suspense fallback={screenLoading}>
        <LazyReferencePage shopId={webshopId} />
      </Suspense>
    );
  // On a kiosk each customer gets the pages drawn anew: nothing typed on screen (a note, an e-mail) stays.
  // A screen whose code is still on its way shows a spinner inside the layout, so the shop and session
  // requests above never wait for that code. The store page is in the main bundle and never waits: it has
  // no boundary of its own, so a page the host rendered hydrates with this layout in one pass, before the
  // layout's effects load the session (a cart arriving between two passes would change the store's markup
  // before it is hydrated).
  else
    content = (
      <Fragment key={kiosk.customer}>
        {onStore ? (
          <Outlet />
        ) : (
          <Suspense fallback={screenLoading}>
            <Outlet />
          </Suspense>
        )}
      </Fragment>
    );
  const orderPanel = kiosk.enabled && display === 'open' && (onStore || onProduct);

  return (
    <ShopThemeProvider theme={theme}>
      {/* First in the page: its accessibility bar is the first Tab stop (read aloud, issue 23). */}
      {/* The kiosk's code failing to load says so, with Try again; it is asked for again once online. */}
      {kiosk.enabled && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <KioskShell startScreen={display !== 'open'} shopKnown={loaded} />
          </Suspense>
        </LoadBoundary>
      )}
      <a
        href="#main"
        css={{
          position: 'absolute',
          left: -9999,
          '&:focus': {
            left: space.sm,
            top: space.sm,
            zIndex: 100,
            padding: space.md,
            background: theme.backgroundColor,
          },
        }}
      >
        {t('common.skipToContent')}
      </a>
      {display !== 'notFound' && (
        <ShopHeader shopId={webshopId} showCart={display === 'open' && !shopLoading && sessionLoaded} />
      )}
      {orderPanel ? (
        <div css={kioskColumnsCss}>
          <div css={shrinkableCss}>{content}</div>
          <LoadBoundary>
            <Suspense fallback={null}>
              <KioskOrderPanel shopId={webshopId} cartLinkIntent={preloadCartOnIntent} />
            </Suspense>
          </LoadBoundary>
        </div>
      ) : (
        content
      )}
      {loaded && <ShopFooter shopId={webshopId} showOpeningHours={display !== 'closed'} />}
      {display === 'open' && !kiosk.enabled && <MobileCartBar shopId={webshopId} />}
      {/* §4 on every screen of the shop (a kiosk's too): a change that would cancel a payment asks first. */}
      {changeHeld && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <CartChangeDialog />
          </Suspense>
        </LoadBoundary>
      )}
    </ShopThemeProvider>
  );
}
