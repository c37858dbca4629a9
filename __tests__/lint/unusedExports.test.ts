/**
 * The dead-code rule `npm run lint` enforces with knip (knip.jsonc; docs/development.md, "Dead code: knip"):
 * an export nothing imports, a file nothing reaches and a dependency nothing uses fail the lint, while an
 * export a test imports counts as used. The rule is tried on planted violations in a copy of the tree (the
 * repository's own files and config, its node_modules linked), so the working tree is never touched; one
 * knip run (about 10 s here, up to 30 s on a loaded machine) checks both the planted issues and that the
 * tree itself reports nothing else. The copy is removed afterwards, whether the tests pass or not.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** One file's issues in knip's JSON report (the kinds this test reads). */
interface KnipIssue {
  file: string;
  files: { name: string }[];
  exports: { name: string }[];
  types: { name: string }[];
  dependencies: { name: string }[];
  devDependencies: { name: string }[];
  unlisted: { name: string }[];
  unresolved: { name: string }[];
  binaries: { name: string }[];
}

/** The planted violations (and one planted use that must not be one). */
const PLANTED = {
  /** Appended to a module the page reaches: two exports nothing imports, one that a test imports. */
  module: 'src/domain/money.ts',
  unusedExport: 'plantedUnusedExport',
  unusedType: 'PlantedUnusedType',
  testOnlyExport: 'plantedUsedByATest',
  /** A module nothing imports. */
  orphan: 'src/shared/plantedOrphan.ts',
  /** A test that imports `testOnlyExport`. */
  test: '__tests__/domain/plantedKnip.test.ts',
  /** A dependency nothing imports. */
  dependency: 'planted-unused-package',
};

/** Copies the tree as git sees it (tracked and new files, without docs/) into `dir`. */
function copyTree(dir: string): void {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && !file.startsWith('docs/') && existsSync(path.join(ROOT, file)));
  for (const file of files) cpSync(path.join(ROOT, file), path.join(dir, file));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

function plant(dir: string): void {
  appendFileSync(
    path.join(dir, PLANTED.module),
    `\nexport const ${PLANTED.unusedExport} = 1;\nexport type ${PLANTED.unusedType} = string;\n` +
      `export const ${PLANTED.testOnlyExport} = 2;\n`,
  );
  writeFileSync(path.join(dir, PLANTED.orphan), 'export const orphan = 1;\n');
  const fromTest = path.relative(path.dirname(PLANTED.test), PLANTED.module).replace(/\.ts$/, '');
  writeFileSync(
    path.join(dir, PLANTED.test),
    `import { ${PLANTED.testOnlyExport} } from '${fromTest}';\n\n` +
      `it('reads it', () => expect(${PLANTED.testOnlyExport}).toBe(2));\n`,
  );
  const manifestPath = path.join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies[PLANTED.dependency] = '^1.0.0';
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** knip's JSON report for the tree in `dir`, with the repository's knip.jsonc. */
function knip(dir: string): KnipIssue[] {
  const run = spawnSync(
    process.execPath,
    [path.join(dir, 'node_modules/knip/bin/knip.js'), '--no-progress', '--reporter', 'json'],
    { cwd: dir, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  // 0: nothing found, 1: issues found; anything else (a crash, the timeout) is a failure of the check itself.
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`knip failed (status ${run.status}, signal ${run.signal}): ${run.stderr}`);
  return (JSON.parse(run.stdout) as { issues: KnipIssue[] }).issues;
}

/** Every issue as "kind file name", e.g. "exports src/domain/money.ts plantedUnusedExport". */
function flatten(issues: KnipIssue[]): string[] {
  const kinds = [
    'files',
    'exports',
    'types',
    'dependencies',
    'devDependencies',
    'unlisted',
    'unresolved',
    'binaries',
  ] as const;
  return issues
    .flatMap((issue) =>
      kinds.flatMap((kind) => (issue[kind] ?? []).map((i) => `${kind} ${issue.file} ${i.name}`)),
    )
    .sort();
}

describe('unused exports, files and dependencies (knip, npm run lint)', () => {
  let dir: string | undefined;
  let reported: string[] = [];

  beforeAll(() => {
    // Made first, so afterAll removes it even when copying or knip fails.
    dir = mkdtempSync(path.join(tmpdir(), 'knip-planted-'));
    copyTree(dir);
    plant(dir);
    reported = flatten(knip(dir));
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('an export nothing imports fails, and so does an exported type', () => {
    expect(reported).toContain(`exports ${PLANTED.module} ${PLANTED.unusedExport}`);
    expect(reported).toContain(`types ${PLANTED.module} ${PLANTED.unusedType}`);
  });

  it('a module nothing imports fails', () => {
    expect(reported).toContain(`files ${PLANTED.orphan} ${PLANTED.orphan}`);
  });

  it('a dependency nothing imports fails', () => {
    expect(reported).toContain(`dependencies package.json ${PLANTED.dependency}`);
  });

  it('an export a test imports counts as used (the tests are entries)', () => {
    expect(reported.filter((issue) => issue.endsWith(` ${PLANTED.testOnlyExport}`))).toEqual([]);
  });

  it('the tree itself reports nothing: the planted issues are all there is', () => {
    expect(reported).toEqual(
      [
        `dependencies package.json ${PLANTED.dependency}`,
        `exports ${PLANTED.module} ${PLANTED.unusedExport}`,
        `files ${PLANTED.orphan} ${PLANTED.orphan}`,
        `types ${PLANTED.module} ${PLANTED.unusedType}`,
      ].sort(),
    );
  });
});
