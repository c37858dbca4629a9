/**
 * static/index.html filled in as webpack.config.ts fills it (HtmlWebpackPlugin's lodash template: `<%=` as it
 * is, `<%-` escaped), with the early start as written rather than minified: the page the host's render is
 * given, without a build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scriptJson } from '../../src/app/renderedPage';
import { css } from '@emotion/react';
import { earlyStartSettings } from '../../src/earlyStart/settings';
import { KIOSK_PAGE_STYLES } from '../../src/features/kiosk/kioskPageCss';
import { defaultTheme } from '../../src/shared/theme/defaultTheme';
import { escapeHtml } from '../../src/ssr/pageTemplate';
import en from '../../translations/en.json';
import fi from '../../translations/fi.json';
import se from '../../translations/se.json';

const ROOT = path.join(__dirname, '..', '..');

export function indexTemplate(): string {
  const values: Record<string, unknown> = {
    earlyStartScript: readFileSync(path.join(ROOT, 'src/earlyStart/earlyStart.js'), 'utf8'),
    holdTapsScript: readFileSync(path.join(ROOT, 'src/earlyStart/holdTaps.js'), 'utf8'),
    kioskStyle: `<style>${KIOSK_PAGE_STYLES.map((rules) => css(rules).styles).join('')}</style>`,
    earlyStartConfig: scriptJson({
      apiBaseUrl: '',
      translations: {},
      ...earlyStartSettings((language) => ({ se, en, fi })[language]),
    }),
    loadingLabel: en.common.loading,
    theme: defaultTheme,
  };
  return readFileSync(path.join(ROOT, 'static/index.html'), 'utf8').replace(
    /<%([=-])\s*([\w.]+)\s*%>/g,
    (_all, kind: string, name: string) => {
      const value = String(
        name.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], values),
      );
      return kind === '-' ? escapeHtml(value) : value;
    },
  );
}
