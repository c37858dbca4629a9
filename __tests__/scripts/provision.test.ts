/**
 * Issue 21: `npm test` on a fresh machine needs nothing installed by hand. scripts/provision.js (the first
 * step of `npm run test:e2e`) installs Debian's packages the browser suite lacks when it can, and otherwise
 * stops with one line naming the command. Run here on a machine state without them: PATH and CHROMIUM_PATH
 * point into an empty folder, and a fake apt-get records its arguments (and "installs" a package by putting
 * an executable of its name in that folder).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script, as npm runs it
const { provision } = require('../../scripts/provision.js') as {
  provision: (machine: {
    env: NodeJS.ProcessEnv;
    uid: number;
    projectDir: string;
    log: (line: string) => void;
    fail: (line: string) => void;
  }) => number;
};

const REPO = path.join(__dirname, '..', '..');

function executable(file: string, body = '#!/bin/sh\n'): void {
  fs.writeFileSync(file, body, { mode: 0o755 });
}

/** A machine without chromium, nginx or java; `apt: false` leaves apt-get out too. */
function machine({ apt = true, aptWorks = true } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'provision-'));
  const bin = path.join(root, 'bin');
  const sbin = path.join(root, 'sbin');
  const project = path.join(root, 'project');
  const calls = path.join(root, 'apt-calls.log');
  for (const dir of [bin, sbin, project]) fs.mkdirSync(dir);
  fs.copyFileSync(path.join(REPO, 'firebase.json'), path.join(project, 'firebase.json'));
  if (apt) {
    // Records its arguments; `install` puts each package's command in bin/ (the JRE's is java).
    executable(
      path.join(sbin, 'apt-get'),
      [
        '#!/bin/sh',
        `echo "$*" >> '${calls}'`,
        aptWorks ? '' : 'exit 100',
        '[ "$1" = install ] || exit 0',
        'for arg in "$@"; do',
        '  case "$arg" in -*|install) continue ;; default-jre-headless) arg=java ;; esac',
        `  printf '#!/bin/sh\\n' > '${bin}'/"$arg"; /bin/chmod 755 '${bin}'/"$arg"`,
        'done',
        '',
      ].join('\n'),
    );
  }
  const env = { PATH: [bin, sbin].join(path.delimiter), CHROMIUM_PATH: path.join(bin, 'chromium') };
  return {
    bin,
    env,
    aptCalls: (): string[] => (fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').trim().split('\n') : []),
    firebase: (config: object) =>
      fs.writeFileSync(path.join(project, 'firebase.json'), JSON.stringify(config)),
    provision: ({ uid = 0 } = {}) => {
      const out: string[] = [];
      const err: string[] = [];
      const status = provision({
        env,
        uid,
        projectDir: project,
        log: (line) => out.push(line),
        fail: (line) => err.push(line),
      });
      return { status, out, err };
    },
  };
}

describe('scripts/provision.js: the browser suite brings what it needs from the system (issue 21)', () => {
  it('as root with apt-get: installs chromium and nginx in one apt-get run, saying what and why; later runs install nothing and print nothing', () => {
    const m = machine();
    const first = m.provision();
    expect(first.err).toEqual([]);
    expect(first.status).toBe(0);
    expect(first.out).toEqual([
      "Installing Debian's packages the browser suite needs (once; later runs find them):",
      `  chromium: the browser the suite drives (${m.env.CHROMIUM_PATH}; never a downloaded browser)`,
      '  nginx: checks the nginx.conf the build writes',
      'Installed chromium, nginx.',
    ]);
    expect(m.aptCalls()).toEqual(['update -qq', 'install -y -qq chromium nginx']);

    expect(m.provision()).toEqual({ status: 0, out: [], err: [] });
    expect(m.aptCalls()).toHaveLength(2);
  });

  it('installs only what is missing', () => {
    const m = machine();
    executable(path.join(m.bin, 'chromium'));
    expect(m.provision().status).toBe(0);
    expect(m.aptCalls()).toEqual(['update -qq', 'install -y -qq nginx']);
  });

  it('asks for no Java while firebase.json starts only the Auth emulator (it runs on Node), and installs one when a Java emulator is configured', () => {
    const m = machine();
    executable(path.join(m.bin, 'chromium'));
    executable(path.join(m.bin, 'nginx'));
    expect(m.provision()).toEqual({ status: 0, out: [], err: [] });
    expect(m.aptCalls()).toEqual([]);

    m.firebase({ emulators: { auth: {}, firestore: {} } });
    expect(m.provision().out).toContain(
      '  default-jre-headless: the Firebase firestore emulator runs on Java',
    );
    expect(m.aptCalls()).toEqual(['update -qq', 'install -y -qq default-jre-headless']);
  });

  it('as a user who is not root: one line naming the sudo command, exit 1, apt-get never called', () => {
    const m = machine();
    expect(m.provision({ uid: 1000 })).toEqual({
      status: 1,
      out: [],
      err: [
        "The browser suite needs Debian's chromium, nginx: run  sudo apt-get update && sudo apt-get install -y chromium nginx  then npm test again.",
      ],
    });
    expect(m.aptCalls()).toEqual([]);
  });

  it('when apt-get fails: one line naming the command to run by hand, exit 1', () => {
    const m = machine({ aptWorks: false });
    const result = m.provision();
    expect(result.status).toBe(1);
    expect(result.err).toEqual([
      `Installing chromium, nginx did not work (chromium, nginx still missing at ${m.env.CHROMIUM_PATH}): ` +
        'run  apt-get update && apt-get install -y chromium nginx  and read its output.',
    ]);
  });

  it('run as npm runs it, on a system without apt-get: one line on stderr naming what to install, exit 1', () => {
    const m = machine({ apt: false });
    const result = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'provision.js')], {
      env: m.env,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "The browser suite needs chromium, nginx (Debian's packages of those names; set CHROMIUM_PATH if Chromium " +
        'lives elsewhere), and this system has no apt-get: install them, then npm test again.',
    ]);
  });
});
