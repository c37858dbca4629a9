import {
  contrastRatio,
  DEFAULT_BACKGROUND,
  DEFAULT_PRIMARY,
  deriveTheme,
  ensureContrast,
  isDark,
  isHexColor,
  isVeryDark,
  luminance,
  readableTextOn,
  sanitizeColor,
} from '../../src/domain/theme';

const logos = {
  light: '/logo-light.svg',
  dark: '/logo-dark.svg',
  ekLight: '/ek-light.svg',
  ekDark: '/ek-dark.svg',
};
const HOSTILE: unknown[] = [
  'red',
  'rgb(0, 0, 0)',
  'red;background:url(https://evil.example/x)',
  '#fff;}body{display:none',
  '#ffffff\n',
  ' #ffffff',
  '#12345',
  '#1234',
  '#12345678',
  '#ggg',
  'ffffff',
  '',
  null,
  undefined,
  123,
  { toString: () => '#000000' },
];

describe('§3 theme colours: only hex colours pass', () => {
  it.each(['#fff', '#FFF', '#1db954', '#1DB954', '#AbCdEf', '#000'])('accepts %p', (value) => {
    expect(isHexColor(value)).toBe(true);
  });

  it.each(HOSTILE)('rejects %p', (value) => {
    expect(isHexColor(value)).toBe(false);
  });

  it('normalizes to lowercase #rrggbb', () => {
    expect(sanitizeColor('#ABC', '#000000')).toBe('#aabbcc');
    expect(sanitizeColor('#1DB954', '#000000')).toBe('#1db954');
    expect(sanitizeColor('#1db954', '#000000')).toBe('#1db954');
  });

  it.each(HOSTILE)('replaces %p by the fallback', (value) => {
    expect(sanitizeColor(value, '#123456')).toBe('#123456');
  });
});

describe('§9 darkness', () => {
  it('measures perceived luminance 0.299 R + 0.587 G + 0.114 B', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(255, 9);
    expect(luminance('#ff0000')).toBeCloseTo(76.245, 9);
    expect(luminance('#00ff00')).toBeCloseTo(149.685, 9);
    expect(luminance('#0000ff')).toBeCloseTo(29.07, 9);
    expect(luminance('#fff')).toBeCloseTo(255, 9);
  });

  it('is dark below 128 and light at exactly 128', () => {
    expect(isDark('#7f7f7f')).toBe(true); // 127
    expect(isDark('#808080')).toBe(false); // 128
  });

  it('is very dark below 64 and not at exactly 64', () => {
    expect(isVeryDark('#3f3f3f')).toBe(true); // 63
    expect(isVeryDark('#404040')).toBe(false); // 64
  });

  it('refuses a colour that is not hex', () => {
    expect(() => luminance('red')).toThrow('Not a hex colour');
  });
});

describe('§3 contrast (WCAG 2)', () => {
  it('is 21 for black on white, 1 for a colour on itself, and symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 9);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 9);
    expect(contrastRatio('#1db954', '#1db954')).toBe(1);
  });

  it('matches known WCAG values', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#1db954')).toBeCloseTo(2.59, 2);
  });
});

describe('§3 readable text colour', () => {
  it('is white on dark and black on light backgrounds', () => {
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#0000ff')).toBe('#ffffff');
    expect(readableTextOn('#767676')).toBe('#ffffff'); // dark, and white still reaches 4.54:1
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#808080')).toBe('#000000'); // luminance exactly 128 is light
  });

  it('switches to the other colour when the dark/light choice fails 4.5:1 and the other does better', () => {
    // #1db954 is dark (126.8) but white on it is 2.6:1; black is 8.1:1.
    expect(isDark('#1db954')).toBe(true);
    expect(readableTextOn('#1db954')).toBe('#000000');
    // #777777 is dark (119): white 4.48:1 just fails, black 4.69:1 passes.
    expect(readableTextOn('#777777')).toBe('#000000');
    expect(readableTextOn('#ff0000')).toBe('#000000');
  });
});

describe('§3 ensuring contrast', () => {
  it('keeps a colour that already has enough contrast, normalized', () => {
    expect(ensureContrast('#000', '#ffffff')).toBe('#000000');
    expect(ensureContrast('#1DB954', '#000000')).toBe('#1db954');
  });

  it('darkens on a light background until the minimum is reached', () => {
    const link = ensureContrast('#1db954', '#ffffff');
    expect(contrastRatio(link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(luminance(link)).toBeLessThan(luminance('#1db954'));
    // Small steps: the result is the first step that passes, not black.
    expect(link).not.toBe('#000000');
    expect(contrastRatio(link, '#ffffff')).toBeLessThan(6);
  });

  it('lightens on a dark background until the minimum is reached', () => {
    const link = ensureContrast('#1a3d8f', '#000000');
    expect(contrastRatio('#1a3d8f', '#000000')).toBeLessThan(4.5);
    expect(contrastRatio(link, '#000000')).toBeGreaterThanOrEqual(4.5);
    expect(luminance(link)).toBeGreaterThan(luminance('#1a3d8f'));
    expect(link).not.toBe('#ffffff');
  });

  it('honours a custom minimum', () => {
    expect(contrastRatio(ensureContrast('#1db954', '#ffffff', 7), '#ffffff')).toBeGreaterThanOrEqual(7);
    expect(ensureContrast('#1db954', '#ffffff', 2)).toBe('#1db954');
  });

  it('goes the other way when the usual direction cannot reach the minimum', () => {
    // #777777 is dark, but even white only reaches 4.48:1 on it.
    const fg = ensureContrast('#777777', '#777777');
    expect(contrastRatio(fg, '#777777')).toBeGreaterThanOrEqual(4.5);
    expect(luminance(fg)).toBeLessThan(luminance('#777777'));
    // It steps that way too, rather than jumping to black.
    expect(fg).not.toBe('#000000');
  });

  it('prefers the usual direction when both would reach the minimum', () => {
    // #808080 is light (128): black reaches 5.3:1 and white 4.0:1 on it, so min 2 is reachable both ways.
    expect(luminance(ensureContrast('#808080', '#808080', 2))).toBeLessThan(128);
    // #767676 is dark (118): white reaches 4.54:1 and black 4.62:1 on it.
    expect(luminance(ensureContrast('#767676', '#767676'))).toBeGreaterThan(118);
  });
});

describe('§3 deriving the theme', () => {
  it('uses the §9 defaults: primary #1db954 on white', () => {
    expect(DEFAULT_PRIMARY).toBe('#1db954');
    expect(DEFAULT_BACKGROUND).toBe('#ffffff');
    const theme = deriveTheme({ primaryColor: null, backgroundColor: null, logo: null }, logos);
    expect(theme).toMatchObject({
      primaryColor: '#1db954',
      backgroundColor: '#ffffff',
      textColor: '#000000',
      navBarColor: '#1db954',
      paymentBorderColor: '#1db954',
      contrastTextColor: '#000000',
      buttonTextColor: '#000000',
    });
  });

  it.each(HOSTILE)('falls back to the default colours for the hostile value %p', (value) => {
    const theme = deriveTheme({ primaryColor: value, backgroundColor: value, logo: null }, logos);
    expect(theme.primaryColor).toBe(DEFAULT_PRIMARY);
    expect(theme.backgroundColor).toBe(DEFAULT_BACKGROUND);
    const { logo: _logo, ekLogo: _ekLogo, ...colours } = theme;
    for (const colour of Object.values(colours)) expect(colour).toMatch(/^#[0-9a-f]{6}([0-9a-f]{2})?$/);
  });

  it('normalizes valid shop colours', () => {
    const theme = deriveTheme({ primaryColor: '#C00', backgroundColor: '#FAFAFA', logo: null }, logos);
    expect(theme.primaryColor).toBe('#cc0000');
    expect(theme.backgroundColor).toBe('#fafafa');
  });

  it('sets text white on a dark background and black on a light one', () => {
    expect(deriveTheme({ primaryColor: null, backgroundColor: '#101010', logo: null }, logos).textColor).toBe(
      '#ffffff',
    );
    expect(deriveTheme({ primaryColor: null, backgroundColor: '#f0f0f0', logo: null }, logos).textColor).toBe(
      '#000000',
    );
  });

  it('makes button and contrast text follow the primary colour, not the background', () => {
    const theme = deriveTheme({ primaryColor: '#0000ff', backgroundColor: '#ffffff', logo: null }, logos);
    expect(theme.buttonTextColor).toBe('#ffffff');
    expect(theme.contrastTextColor).toBe('#ffffff');
    const light = deriveTheme({ primaryColor: '#ffeb3b', backgroundColor: '#000000', logo: null }, logos);
    expect(light.buttonTextColor).toBe('#000000');
  });

  it('keeps links readable: at least 4.5:1 on the background', () => {
    for (const [primaryColor, backgroundColor] of [
      ['#1db954', '#ffffff'],
      ['#ffeb3b', '#ffffff'],
      ['#111111', '#222222'],
      ['#1db954', '#000000'],
    ]) {
      const theme = deriveTheme({ primaryColor, backgroundColor, logo: null }, logos);
      expect(contrastRatio(theme.linkColor, theme.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    }
    // A primary that is already readable is used as it is.
    expect(
      deriveTheme({ primaryColor: '#1db954', backgroundColor: '#000000', logo: null }, logos).linkColor,
    ).toBe('#1db954');
  });

  it('draws borders as a faint mix of the text colour over the background', () => {
    const light = deriveTheme({ primaryColor: null, backgroundColor: '#ffffff', logo: null }, logos);
    expect(light.borderColor).toBe('#d9d9d9'); // 15 % black over white
    const dark = deriveTheme({ primaryColor: null, backgroundColor: '#1a237e', logo: null }, logos);
    expect(luminance(dark.borderColor)).toBeGreaterThan(luminance('#1a237e'));
  });

  it('draws stronger borders on very dark backgrounds so they stay visible', () => {
    const black = deriveTheme({ primaryColor: null, backgroundColor: '#000000', logo: null }, logos);
    expect(black.borderColor).toBe('#4d4d4d'); // 30 % white over black
    expect(contrastRatio(black.borderColor, '#000000')).toBeGreaterThan(2);
  });

  it('makes hover slightly darker than the primary, or lighter when the primary is very dark', () => {
    const green = deriveTheme({ primaryColor: '#1db954', backgroundColor: null, logo: null }, logos);
    expect(luminance(green.hoverColor)).toBeLessThan(luminance('#1db954'));
    expect(luminance(green.hoverColor)).toBeGreaterThan(luminance('#1db954') * 0.8);
    const navy = deriveTheme({ primaryColor: '#111111', backgroundColor: null, logo: null }, logos);
    expect(luminance(navy.hoverColor)).toBeGreaterThan(luminance('#111111'));
  });

  it('gives a see-through version of the background as 8-digit hex', () => {
    const theme = deriveTheme({ primaryColor: null, backgroundColor: '#123456', logo: null }, logos);
    expect(theme.transparentBackgroundColor).toMatch(/^#123456[0-9a-f]{2}$/);
    expect(theme.transparentBackgroundColor).not.toBe('#123456ff');
  });

  it('uses the company logo when there is one', () => {
    const theme = deriveTheme(
      { primaryColor: null, backgroundColor: '#000000', logo: 'https://cdn.example/l.png' },
      logos,
    );
    expect(theme.logo).toBe('https://cdn.example/l.png');
    expect(theme.ekLogo).toBe('/ek-light.svg');
  });

  it('uses the light default logo on a dark background and the dark one on a light background', () => {
    const dark = deriveTheme({ primaryColor: null, backgroundColor: '#7f7f7f', logo: null }, logos);
    expect(dark).toMatchObject({ logo: '/logo-light.svg', ekLogo: '/ek-light.svg' });
    const light = deriveTheme({ primaryColor: null, backgroundColor: '#808080', logo: '' }, logos);
    expect(light).toMatchObject({ logo: '/logo-dark.svg', ekLogo: '/ek-dark.svg' });
  });
});

describe('§3 theme: error and control colours', () => {
  const logos = { light: 'l', dark: 'd', ekLight: 'el', ekDark: 'ed' };
  it.each(['#ffffff', '#000000', '#1b2a4a', '#777777', '#fdf6ec'])(
    'error text reads on a %s background (≥ 4.5:1)',
    (bg) => {
      const theme = deriveTheme({ primaryColor: null, backgroundColor: bg, logo: null }, logos);
      expect(contrastRatio(theme.errorColor, theme.backgroundColor)).toBeGreaterThanOrEqual(4.5);
    },
  );
  it.each(['#ffffff', '#000000', '#1b2a4a', '#fdf6ec'])(
    'input outlines reach 3:1 on a %s background',
    (bg) => {
      const theme = deriveTheme({ primaryColor: null, backgroundColor: bg, logo: null }, logos);
      expect(contrastRatio(theme.controlBorderColor, theme.backgroundColor)).toBeGreaterThanOrEqual(3);
    },
  );
});
