import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { INSET_BOTTOM_VAR } from '../../shared/theme/insets';
import { space } from '../../shared/theme/tokens';
import { selectKiosk } from './kioskSelectors';
import { kioskActions, type KioskAssist } from './kioskSlice';
import { AssistButton, ReachIcon, TextSizeIcon } from './AssistButton';
import { ReadAloudControls } from './ReadAloudControls';

const ASSISTS = [
  { assist: 'reach', icon: <ReachIcon />, label: 'kiosk.assist.reach' },
  { assist: 'largeText', icon: <TextSizeIcon />, label: 'kiosk.assist.largeText' },
] as const satisfies readonly { assist: keyof KioskAssist; icon: ReactNode; label: string }[];

/**
 * The kiosk's accessibility bar (issue 23), along the bottom of every kiosk screen, within reach of a seated
 * customer or a child: read aloud, the interface within reach, larger text. It comes first in the page, so
 * the first Tab press reaches read aloud, which says how to turn itself on. Its height is published as the
 * bottom inset (theme/insets.ts), so nothing sticks behind it.
 */
export function AssistBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { assist } = useAppSelector(selectKiosk);
  const bar = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const node = bar.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty(INSET_BOTTOM_VAR, `${node.getBoundingClientRect().height}px`),
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.removeProperty(INSET_BOTTOM_VAR);
    };
  }, []);

  return (
    <section
      ref={bar}
      data-assist-bar
      aria-label={t('kiosk.assist.label')}
      css={(theme) => ({
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 45,
        display: 'flex',
        flexWrap: 'wrap',
        gap: space.sm,
        padding: space.sm,
        background: theme.backgroundColor,
        borderTop: `1px solid ${theme.borderColor}`,
        boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.12)',
      })}
    >
      <ReadAloudControls />
      {ASSISTS.map(({ assist: name, icon, label }) => (
        <AssistButton
          key={name}
          icon={icon}
          label={t(label)}
          pressed={assist[name]}
          onClick={() => dispatch(kioskActions.assistToggled(name))}
        />
      ))}
    </section>
  );
}
