import { useTranslation } from '../../shared/i18n/useTranslation';
import { setLanguage, useLanguage } from '../../shared/i18n';
import type { Language } from '../../shared/i18n/languages';
import { radius, space } from '../../shared/theme/tokens';

/** Each language named in itself, so a customer finds theirs whatever the screen shows now. */
const LANGUAGES: { code: Language; name: string; lang: string }[] = [
  { code: 'se', name: 'Svenska', lang: 'sv' },
  { code: 'en', name: 'English', lang: 'en' },
  { code: 'fi', name: 'Suomi', lang: 'fi' },
];

/**
 * The kiosk's language control: three always-visible buttons (one tap, no menu to open on a shared screen),
 * grouped under the name 'Language' in the current language; the chosen one is pressed.
 */
export function LanguageChoice() {
  const { t, i18n } = useTranslation();
  const current = useLanguage();
  return (
    <div
      role="group"
      aria-label={t('kiosk.language')}
      css={{ display: 'flex', flexWrap: 'wrap', gap: space.xs }}
    >
      {LANGUAGES.map(({ code, name, lang }) => (
        <button
          key={code}
          type="button"
          lang={lang}
          aria-pressed={current === code}
          onClick={() => void setLanguage(i18n, code)}
          css={(theme) => ({
            padding: `0 ${space.md}px`,
            font: 'inherit',
            fontWeight: 600,
            borderRadius: radius.sm,
            cursor: 'pointer',
            border: `2px solid ${theme.contrastTextColor}`,
            background: current === code ? theme.contrastTextColor : 'transparent',
            color: current === code ? theme.navBarColor : theme.contrastTextColor,
          })}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
