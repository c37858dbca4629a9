/**
 * Issue 21: `npm install` prints no EBADENGINE warning on any Node the project supports. package.json's
 * `engines.node` names the supported lines (20.19+, which these machines run though it is past its end of
 * life, and the LTS lines 22 and 24); every package in the lockfile must accept all of them, or npm warns on
 * some of them. The rule is tried on a planted package that wants Node 22.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '..', '..');

interface Lockfile {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

/** Lockfile packages whose `engines.node` refuses some Node that `supported` allows: "path@version wants range". */
function engineConflicts(lock: Lockfile, supported: string): string[] {
  return Object.entries(lock.packages).flatMap(([where, pkg]) => {
    const wanted = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
    if (!where || !wanted || semver.subset(supported, wanted)) return [];
    return [`${where.replace(/^.*node_modules\//, '')}@${pkg.version} wants ${wanted}`];
  });
}

const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile;
const supported = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('engines: every locked package accepts every supported Node (no EBADENGINE on npm install)', () => {
  it('package.json supports Node 20.19+, 22 LTS and 24 LTS', () => {
    for (const version of ['20.19.0', '22.13.0', '24.0.0'])
      expect(semver.satisfies(version, supported)).toBe(true);
  });

  it('no locked package wants a Node the project supports less', () => {
    expect(engineConflicts(lock, supported)).toEqual([]);
  });

  it('a planted package that wants Node 22 is caught', () => {
    const planted: Lockfile = {
      packages: {
        ...lock.packages,
        'node_modules/x/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      },
    };
    expect(engineConflicts(planted, supported)).toEqual(['cookie@2.0.2 wants >=22']);
  });
});
