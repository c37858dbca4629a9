import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatMoney, multiplyMoney } from '../../domain/money';
import { useLanguage } from '../../shared/i18n';
import { selectCartLines, selectCartTotal, selectTabLinesInCart } from '../cart';
import { AssistButton, SpeakerIcon } from './AssistButton';
import { selectKiosk } from './kioskSelectors';
import { kioskActions } from './kioskSlice';
import { readOrderText } from './speech';
import { useReadAloud, useSpeakOnFocus, useSpeechVoice } from './useReadAloud';

/** The order as read aloud: each line (count, name, amount), then the sum to pay. */
function useOrderText(): () => string {
  const { t } = useTranslation();
  const lines = useAppSelector(selectCartLines);
  const tabLines = useAppSelector(selectTabLinesInCart);
  const total = useAppSelector(selectCartTotal);
  return () =>
    readOrderText(
      [
        ...lines.map(({ item, product, total: amount }) => ({
          count: item.count,
          name: product.title,
          amount: formatMoney(amount),
        })),
        ...tabLines.map(({ entry, selected }) => ({
          count: selected,
          name: entry.title,
          amount: formatMoney(multiplyMoney(entry.price, selected)),
        })),
      ],
      formatMoney(total),
      t,
    );
}

/**
 * "Read aloud" (issue 23) and, while it is on, "Read my order". Shown only where the device has a voice
 * for the kiosk's language. Found with the first Tab press, the toggle says how to turn it on, so starting
 * it never needs sight; on, it reads the focused control and what the page announces (useReadAloud).
 */
export function ReadAloudControls() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const on = useAppSelector(selectKiosk).assist.speech;
  const voice = useSpeechVoice(useLanguage());
  const { speak } = useReadAloud({ enabled: on, voice, t });
  const hint = useSpeakOnFocus(on ? null : t('kiosk.speech.hint'), voice);
  const orderText = useOrderText();
  if (!voice) return null;
  return (
    <>
      <AssistButton
        icon={<SpeakerIcon />}
        label={t('kiosk.assist.speech')}
        pressed={on}
        onClick={() => dispatch(kioskActions.assistToggled('speech'))}
        onFocus={hint}
      />
      {on && (
        <AssistButton
          icon={<SpeakerIcon />}
          label={t('kiosk.speech.readOrder')}
          onClick={() => speak(orderText())}
        />
      )}
    </>
  );
}
