// What the browser suite needs from the system, brought in from Debian's packages when missing, so that a
// newcomer's `npm install && npm test` is enough (issue 21). Run by `npm run test:e2e` before anything else.
//
// - Missing and installable (root, with apt-get, as on CI and these machines): says once what it installs
//   and why, runs apt-get, checks again.
// - Missing otherwise: one line naming the command to run, exit 1.
//
// A Java runtime is needed only for the Firebase emulators that run on Java (Firestore, Realtime Database,
// Pub/Sub, Storage); the suite starts only the Auth emulator, which is Node (checked: it starts with no `java`
// on PATH), so Java is asked for only when firebase.json configures one of those.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const JAVA_EMULATORS = ['firestore', 'database', 'pubsub', 'storage'];

/** Whether `file` exists and may be executed by this process. */
function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The Firebase emulators firebase.json configures that need a Java runtime. */
function javaEmulators(firebaseJson) {
  try {
    const { emulators = {} } = JSON.parse(fs.readFileSync(firebaseJson, 'utf8'));
    return JAVA_EMULATORS.filter((name) => name in emulators);
  } catch {
    return [];
  }
}

/**
 * Checks, and installs when it can, what the browser suite needs.
 *
 * @param machine `env` (PATH, CHROMIUM_PATH), `uid` (0: may run apt-get), `projectDir` (holds firebase.json),
 *   and `log` / `fail` for what the user reads
 * @returns the exit code: 0 when everything is there (now)
 */
function provision({ env, uid, projectDir, log, fail }) {
  const onPath = (command) =>
    (env.PATH ?? '').split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, command)));
  const chromiumPath = env.CHROMIUM_PATH || '/usr/bin/chromium';
  const java = javaEmulators(path.join(projectDir, 'firebase.json'));
  const needs = [
    {
      pkg: 'chromium',
      why: `the browser the suite drives (${chromiumPath}; never a downloaded browser)`,
      present: () => isExecutable(chromiumPath),
    },
    { pkg: 'nginx', why: 'checks the nginx.conf the build writes', present: () => onPath('nginx') },
    ...(java.length > 0
      ? [
          {
            pkg: 'default-jre-headless',
            why: `the Firebase ${java.join(', ')} emulator runs on Java`,
            present: () => onPath('java'),
          },
        ]
      : []),
  ];
  const missing = needs.filter((need) => !need.present());
  if (missing.length === 0) return 0;

  const pkgs = missing.map((need) => need.pkg);
  const install = `apt-get install -y ${pkgs.join(' ')}`;
  if (!onPath('apt-get')) {
    fail(
      `The browser suite needs ${pkgs.join(', ')} (Debian's packages of those names; set CHROMIUM_PATH if ` +
        'Chromium lives elsewhere), and this system has no apt-get: install them, then npm test again.',
    );
    return 1;
  }
  if (uid !== 0) {
    fail(
      `The browser suite needs Debian's ${pkgs.join(', ')}: run  sudo apt-get update && sudo ${install}  then npm test again.`,
    );
    return 1;
  }

  log("Installing Debian's packages the browser suite needs (once; later runs find them):");
  for (const need of missing) log(`  ${need.pkg}: ${need.why}`);
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: 'ignore', // on failure the user is told to run the command and read its output
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  const installed = apt(['update', '-qq']) && apt(['install', '-y', '-qq', ...pkgs]);
  const still = missing.filter((need) => !need.present()).map((need) => need.pkg);
  if (!installed || still.length > 0) {
    const where = still.includes('chromium') ? ` at ${chromiumPath}` : '';
    fail(
      `Installing ${pkgs.join(', ')} did not work${still.length ? ` (${still.join(', ')} still missing${where})` : ''}: ` +
        `run  apt-get update && ${install}  and read its output.`,
    );
    return 1;
  }
  log(`Installed ${pkgs.join(', ')}.`);
  return 0;
}

module.exports = { provision };

if (require.main === module) {
  process.exitCode = provision({
    env: process.env,
    uid: process.getuid?.(),
    projectDir: path.join(__dirname, '..'),
    log: (line) => console.log(line),
    fail: (line) => console.error(line),
  });
}
