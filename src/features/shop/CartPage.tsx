import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Link, useParams } from 'react-router';
import { useTheme } from '@emotion/react';
import type { CartItem } from '../../domain/types';
import { space } from '../../shared/theme/tokens';
import { Amount, amountRowStyle } from '../../shared/ui/Amount';
import { LinkButton } from '../../shared/ui/LinkButton';
import { Page } from '../../shared/ui/Page';
import { plainListStyle } from '../../shared/ui/styles';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import {
  CartLineRow,
  selectCartLines,
  selectCartTotal,
  selectTabLinesInCart,
  selectTabLinesNotInCart,
  TabLineRow,
} from '../cart';
import { Checkout, paymentFlowSaga } from '../payment';
import { useCartChange } from '../paymentState';
import { selectActiveTab, sessionActions } from '../session';
import { ProductPopup } from './ProductPopup';

/**
 * §2 cart page (max 1000 px): the open tab to choose from, the cart, 'added from tab', the sum, the
 * customer's info and — once that is valid and something is in the cart — the payment choice.
 */
export function CartPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const change = useCartChange(); // §4 asks first while a payment is STARTED
  const { webshopId = '' } = useParams();
  const lines = useAppSelector(selectCartLines);
  const tab = useAppSelector(selectActiveTab);
  const tabToChoose = useAppSelector(selectTabLinesNotInCart);
  const tabInCart = useAppSelector(selectTabLinesInCart);
  const total = useAppSelector(selectCartTotal);
  const [editing, setEditing] = useState<CartItem | null>(null);

  return (
    <Page>
      <h1>{t('cart.title')}</h1>

      {tab && tabToChoose.length > 0 && (
        <section aria-labelledby="open-tab" css={{ marginBottom: space.xl }}>
          <h2 id="open-tab">{t('cart.openTab')}</h2>
          <p>{t('cart.customerReference', { reference: tab.customerReference })}</p>
          <p>{t('cart.chooseFromTab')}</p>
          <ul css={plainListStyle}>
            {tabToChoose.map((line) => (
              <TabLineRow key={line.entry.id} line={line} mode="choose" />
            ))}
          </ul>
          <LinkButton
            onClick={() => change(sessionActions.wholeTabChosen())}
            css={{ marginTop: space.sm, fontWeight: 600 }}
          >
            {t('cart.payWholeTab')}
          </LinkButton>
        </section>
      )}

      <section aria-labelledby="cart-items">
        <VisuallyHidden as="h2" id="cart-items">
          {t('cart.title')}
        </VisuallyHidden>
        {lines.length === 0 && tabInCart.length === 0 ? (
          <p>
            {t('cart.empty')}{' '}
            <Link to={`/${encodeURIComponent(webshopId)}`}>{t('cart.continueShopping')}</Link>
          </p>
        ) : (
          <ul css={plainListStyle}>
            {lines.map((line) => (
              <CartLineRow key={line.item.id} line={line} onEdit={() => setEditing(line.item)} />
            ))}
          </ul>
        )}
      </section>

      {tabInCart.length > 0 && (
        <section aria-labelledby="added-from-tab" css={{ marginTop: space.xl }}>
          <h2 id="added-from-tab">{t('cart.addedFromTab')}</h2>
          <ul css={plainListStyle}>
            {tabInCart.map((line) => (
              <TabLineRow key={line.entry.id} line={line} mode="inCart" />
            ))}
          </ul>
        </section>
      )}

      <section
        aria-labelledby="cart-sum"
        css={{ marginTop: space.xl, borderTop: `1px solid ${theme.borderColor}`, paddingTop: space.lg }}
      >
        <h2 id="cart-sum" css={[amountRowStyle, { margin: `0 0 ${space.lg}px` }]}>
          <span>{t('cart.sum')}</span>
          <Amount value={total} />
        </h2>
        <Checkout shopId={webshopId} />
      </section>

      {editing && (
        <ProductPopup productId={editing.productId} editing={editing} onClose={() => setEditing(null)} />
      )}
    </Page>
  );
}

/** The sagas this screen needs, started when it first renders (app/router.tsx): the payment flow. */
export const screenSagas = [paymentFlowSaga];
