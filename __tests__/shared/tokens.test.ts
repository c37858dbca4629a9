/**
 * The design tokens (src/shared/theme/tokens.ts) and the rules that keep components on them: touch targets
 * and font sizes come from the tokens, never from a number written in a component.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  breakpoint,
  contentWidth,
  fontSize,
  glyphSize,
  mq,
  radius,
  space,
  touchTarget,
} from '../../src/shared/theme/tokens';

const ROOT = path.resolve(__dirname, '..', '..');
const TOKENS = path.join('src', 'shared', 'theme', 'tokens.ts');
/** Where the token values are written (the only place a size may be a number). */
const SCALES = path.join('src', 'shared', 'theme', 'scales');

/** Every .ts and .tsx file of the SPA (the demo API and hosting code draw no screens). */
function sourceFiles(dir = 'src'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['demo-api', 'hosting'].includes(entry.name) || rel === SCALES ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && rel !== TOKENS ? [rel] : [];
  });
}

/** `file:line: text` of every line of `sources` matching `pattern` (comments are text, not styles). */
function offenders(sources: Record<string, string>, pattern: RegExp): string[] {
  return Object.entries(sources).flatMap(([file, text]) =>
    text.split('\n').flatMap((line, i) => {
      const code = line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '');
      return pattern.test(code) ? [`${file}:${i + 1}: ${line.trim()}`] : [];
    }),
  );
}

/** A size property (height, width, min-/max-, block/inline) set to a touch-target size, as a number or px. */
const TOUCH_TARGET_LITERAL = new RegExp(
  String.raw`\b(?:min|max)?(?:[Hh]eight|[Ww]idth|[Bb]lockSize|[Ii]nlineSize)\s*:\s*['"\x60]?(?:${Object.values(
    touchTarget,
  ).join('|')})(?:px)?\b` + String.raw`|['"\x60](?:${Object.values(touchTarget).join('|')})px\b`,
);
/** A font size written as a number or a px/rem/em string instead of `fontSize.*` or `glyphSize.*`. */
const FONT_SIZE_LITERAL = /\bfont-?[Ss]ize\s*:\s*(?:\d|['"\x60]\d)/;

/**
 * A scale's values in the order of `names`, which must name each step once: the scales are modules, and a
 * module's namespace lists its names alphabetically, not in the order written.
 */
function steps(scale: Record<string, number>, names: string[]): number[] {
  expect(Object.keys(scale).sort()).toEqual([...names].sort());
  return names.map((name) => scale[name] ?? NaN);
}

const ascending = (values: readonly number[]) => values.every((v, i) => i === 0 || v > (values[i - 1] ?? 0));

describe('design tokens', () => {
  const sources = Object.fromEntries(
    sourceFiles().map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]),
  );

  it('touch targets are at least 44 px on phones and 56 px in kiosk mode', () => {
    expect(touchTarget.phone).toBeGreaterThanOrEqual(44);
    expect(touchTarget.phoneLarge).toBeGreaterThanOrEqual(touchTarget.phone);
    expect(touchTarget.kiosk).toBeGreaterThanOrEqual(56);
    expect(touchTarget.kioskPrimary).toBeGreaterThanOrEqual(touchTarget.kiosk);
  });

  it('the type scale is ascending in rem, from at least 13 px, with 16 px body text (no iOS zoom into inputs)', () => {
    const type = ['caption', 'small', 'body', 'lead', 'large', 'title', 'headline', 'display', 'hero'];
    // In rem, so that text follows the root size (the reader's browser setting, a kiosk's "Larger text").
    const px = Object.fromEntries(
      Object.entries(fontSize).map(([name, size]) => {
        expect(size).toMatch(/^\d+(\.\d+)?rem$/);
        return [name, parseFloat(size) * 16];
      }),
    );
    expect(ascending(steps(px, type))).toBe(true);
    expect(ascending(steps(glyphSize, ['step', 'add', 'close']))).toBe(true);
    expect(px.caption).toBeGreaterThanOrEqual(13);
    expect(px.body).toBe(16);
  });

  it('the spacing scale and the radii are ascending', () => {
    expect(ascending(steps(space, ['xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl']))).toBe(true);
    expect(ascending(steps(radius, ['sm', 'md', 'lg', 'pill']))).toBe(true);
  });

  it('a pill is fully round at a phone touch target', () => {
    expect(radius.pill * 2).toBe(touchTarget.phone);
  });

  it('§9: the mobile breakpoint is 768 px, the popup at most 500 px and pages at most 1000 px wide', () => {
    expect(breakpoint.tablet).toBe(768);
    expect(mq.tabletUp).toBe('@media (min-width: 768px)');
    expect(mq.smallPhoneDown).toBe('@media (max-width: 420px)');
    expect({ ...contentWidth }).toEqual({ narrow: 500, page: 1000 });
  });

  it('the scans below see the components (they would pass on an empty tree)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources)).toContain(path.join('src', 'shared', 'ui', 'Button.tsx'));
    expect(Object.keys(sources)).not.toContain(TOKENS);
  });

  it('the scans catch a literal touch target or font size (self-check on made-up lines)', () => {
    const bad = {
      'a.tsx': 'css={{ minHeight: 44 }}',
      'b.tsx': "  height: '56px',",
      'c.ts': 'const TARGET = `72px`;',
      'd.tsx': 'css={{ width: 52, fontSize: 14 }}',
    };
    expect(offenders(bad, TOUCH_TARGET_LITERAL)).toHaveLength(4);
    expect(offenders(bad, FONT_SIZE_LITERAL)).toEqual(['d.tsx:1: css={{ width: 52, fontSize: 14 }}']);
    expect(offenders({ 'e.tsx': "fontSize: '16px'" }, FONT_SIZE_LITERAL)).toHaveLength(1);
    const good = {
      'f.tsx': 'css={{ minHeight: touchTarget.phone, fontSize: fontSize.small, height: 440, width: 144 }}',
      'g.tsx': '// at least 44 px high: minHeight: 44 in a comment',
    };
    expect(offenders(good, TOUCH_TARGET_LITERAL)).toEqual([]);
    expect(offenders(good, FONT_SIZE_LITERAL)).toEqual([]);
  });

  it('no component writes a touch-target size as a literal (use touchTarget.*)', () => {
    expect(offenders(sources, TOUCH_TARGET_LITERAL)).toEqual([]);
  });

  it('no component writes a font size as a literal (use fontSize.* or glyphSize.*)', () => {
    expect(offenders(sources, FONT_SIZE_LITERAL)).toEqual([]);
  });
});
