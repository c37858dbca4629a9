/**
 * The features' order drawn in docs/architecture.md ("Features") must be the order the code has: the
 * picture between its markers is what `npm run docs:features` (scripts/featureRules.js) draws from the
 * imports between features now, and no import runs against the order (the count the script prints).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface FeatureImport {
  from: string;
  to: string;
  file: string;
  line: number;
  specifier: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script, as npm runs it
const { featureChart, featureImports, upwardImports } = require('../../scripts/featureRules.js') as {
  featureChart: () => string;
  featureImports: () => FeatureImport[];
  upwardImports: (imports: FeatureImport[]) => FeatureImport[];
};

const ARCHITECTURE = path.resolve(__dirname, '..', '..', 'docs', 'architecture.md');

/** The block between the features' markers in docs/architecture.md. */
function drawnChart(): string {
  const doc = readFileSync(ARCHITECTURE, 'utf8');
  const match = /<!-- features:begin[^>]*-->([\s\S]*?)<!-- features:end -->/.exec(doc);
  if (!match) throw new Error("docs/architecture.md has no features' block");
  return (match[1] ?? '').trim();
}

describe("the features' order in docs/architecture.md", () => {
  it('draws the imports between features as the code has them (npm run docs:features redraws it)', () => {
    expect(drawnChart()).toBe(featureChart());
  });

  it('no feature imports a feature that is not below it', () => {
    expect(upwardImports(featureImports()).map((i) => `${i.file}:${i.line} ${i.from} → ${i.to}`)).toEqual([]);
  });
});
