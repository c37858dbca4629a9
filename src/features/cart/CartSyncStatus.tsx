import { useTheme } from '@emotion/react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { space } from '../../shared/theme/tokens';
import { selectCartSaveRateLimited, selectCartUnsaved } from './cartSelectors';
import { insetTop } from '../../shared/theme/insets';

/**
 * Says, in the shop header beside the cart count (on every shop page and screen size), when the server does
 * not hold the cart the page shows (saving failed and is being retried), and stops once a save gets through.
 * The status region is always there, so screen readers announce the text when it appears; it is pinned to
 * the top of the viewport so it is seen at any scroll position.
 */
export function CartSyncStatus() {
  const { t } = useTranslation();
  const theme = useTheme();
  const unsaved = useAppSelector(selectCartUnsaved);
  const rateLimited = useAppSelector(selectCartSaveRateLimited);
  return (
    <div role="status" css={{ position: 'fixed', top: insetTop, left: 0, right: 0, zIndex: 30 }}>
      {unsaved && (
        <p
          css={{
            margin: 0,
            padding: `${space.sm}px ${space.lg}px`,
            textAlign: 'center',
            fontWeight: 600,
            color: theme.backgroundColor,
            background: theme.errorColor,
          }}
        >
          {rateLimited ? t('cart.syncRateLimited') : t('cart.syncFailed')}
        </p>
      )}
    </div>
  );
}
