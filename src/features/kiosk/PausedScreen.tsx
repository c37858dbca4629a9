import { useTranslation } from '../../shared/i18n/useTranslation';
import { fontSize, space } from '../../shared/theme/tokens';
import { Dialog } from '../../shared/ui/Dialog';
import { Spinner } from '../../shared/ui/Spinner';
import { noMarginStyle } from '../../shared/ui/styles';

/** No width cap: the screen is covered but for the dialog's own 8 px margin. */
const WHOLE_SCREEN = Number.MAX_SAFE_INTEGER;

/** Does nothing: only the API answering again ends the pause (Escape and the backdrop leave it open). */
const stayOpen = () => undefined;

/**
 * "Ordering is paused — we are reconnecting" (issue 23), shown over the whole kiosk while the API does not
 * answer. A modal dialog: the order underneath stays as it was, out of reach (inert) until the connection is
 * back, when it goes away by itself. Calm on purpose, nothing alarming: the shop's colours, a spinner and
 * large text, in the customer's language. A plain dialog, not an alertdialog: there is nothing to answer;
 * screen readers hear its title and text as focus moves into it.
 */
export function PausedScreen() {
  const { t } = useTranslation();
  return (
    <Dialog
      labelledBy="kiosk-paused-title"
      describedBy="kiosk-paused-text"
      onClose={stayOpen}
      maxWidth={WHOLE_SCREEN}
    >
      <div
        css={{
          // The dialog's height less its margin: the whole screen.
          minHeight: 'calc(100dvh - 16px)',
          display: 'grid',
          alignContent: 'center',
          justifyItems: 'center',
          gap: space.xl,
          padding: space.xxl,
          textAlign: 'center',
        }}
      >
        <h2 id="kiosk-paused-title" css={{ margin: 0, fontSize: fontSize.hero }}>
          {t('kiosk.paused.title')}
        </h2>
        <div id="kiosk-paused-text" css={[noMarginStyle, { fontSize: fontSize.title, maxWidth: '32em' }]}>
          <Spinner label={t('kiosk.paused.text')} />
        </div>
      </div>
    </Dialog>
  );
}
