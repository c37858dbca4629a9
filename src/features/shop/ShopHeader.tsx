import { css } from '@emotion/react';
import { Suspense } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Link } from 'react-router';
import { fontSize, space, touchTarget } from '../../shared/theme/tokens';
import { CartSyncStatus } from '../cart';
import { LanguageChoice, selectIsKiosk } from '../kiosk';
import { selectOrderReference } from '../session';
import { selectShopInfo, selectTheme } from '../shopState';
import { CartSummaryLink } from './CartSummaryLink';

/**
 * §2 header: logo linking to the shop home, the shop title (with the order reference after a dash), and
 * the cart summary once the first load is done.
 */
/** Static styles, serialised once (a plain object in a `css` prop is serialised at every render). */
const logoLinkCss = css({ display: 'flex', minHeight: touchTarget.phone, alignItems: 'center' });
const logoCss = css({ objectFit: 'contain', height: 40, width: 'auto', maxWidth: 120 });
const logoPlaceCss = css({ display: 'block', width: 120, height: 40 });
const noWrapCss = css({ whiteSpace: 'nowrap' });

export function ShopHeader({ shopId, showCart }: { shopId: string; showCart: boolean }) {
  const { t } = useTranslation();
  const info = useAppSelector(selectShopInfo);
  const theme = useAppSelector(selectTheme);
  const reference = useAppSelector(selectOrderReference);
  const kiosk = useAppSelector(selectIsKiosk);
  return (
    <header
      css={{
        // Until the shop is known its colours are not: no default colour flashes before the shop's own.
        background: info ? theme.navBarColor : 'transparent',
        color: theme.contrastTextColor,
        display: 'flex',
        // Rather than clip anything it goes on over two lines: a kiosk's header holds the language buttons
        // too, with larger text (issue 23); on a phone the shop's name never shortens a word that would fit
        // (issue 26).
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: space.md,
        padding: `${space.sm}px ${space.lg}px`,
        minHeight: 64,
        // On the bar's colour the focus ring takes the bar's text colour (the page's link colour may be the
        // bar's own: a ring nobody sees, WCAG 2.4.7).
        '& :focus-visible': { outlineColor: theme.contrastTextColor },
      }}
    >
      <Link to={`/${encodeURIComponent(shopId)}`} aria-label={t('shop.home')} css={logoLinkCss}>
        {/* Drawn once the shop is known: the default logo would flash before the shop's own. */}
        {info ? (
          <img src={theme.logo} alt="" width={120} height={40} css={logoCss} />
        ) : (
          <span css={logoPlaceCss} />
        )}
      </Link>
      {/* The shop's name wraps whole, and the order reference (the table) follows its last word as one unit: a
          no-break space glues it to the name and it never wraps inside (a line may break after a hyphen even
          before a no-break space, UAX #14 LB12a). So whether the cart shares the row or drops below it, the
          two are never drawn apart (issue 40); a word of the name too long for the row still breaks. */}
      <p
        css={{
          // On a phone its longest word is the least it takes beside the logo: a name whose word would not
          // fit there goes to a line of its own, so it is never shortened where it could be shown whole.
          ...(kiosk ? { flex: '1 1 8em' } : { flex: '1 1 auto', width: 'min-content' }),
          minWidth: 0,
          margin: 0,
          fontWeight: 700,
          fontSize: fontSize.lead,
          lineHeight: 1.2,
          // Not 'anywhere', which would make its least width one letter (see the flex above).
          overflowWrap: 'break-word',
        }}
      >
        {info?.title}
        {reference && <span css={noWrapCss}>{`\u00a0-\u00a0${reference}`}</span>}
      </p>
      {showCart && <CartSummaryLink shopId={shopId} color={theme.contrastTextColor} />}
      {showCart && <CartSyncStatus />}
      {/* A kiosk serves customers of every language: the choice is always in view, last in the row, so the
          cart coming with the session's answer (or its save status) never moves it from under a finger: the
          shop's name gives way instead (§2 Kiosk). */}
      {kiosk && (
        <Suspense fallback={null}>
          <LanguageChoice />
        </Suspense>
      )}
    </header>
  );
}
