// Installs what the project needs on a fresh machine, then runs the command it was given:
//   node scripts/ensure-deps.mjs <command> [args…]
//   - the npm packages (including the Node 22 binary, the `node` package) when they are missing or older
//     than package-lock.json;
//   - Debian's Chromium and fonts, which the local video renderer (@remotion/renderer) drives, when
//     /usr/bin/chromium is missing (apt-get, as root or through passwordless sudo);
//   - then <command>, through a shell whose PATH starts with node_modules/.bin. The command must not be
//     chained in the npm script line after this one: that shell already looked `node` up (the machine's
//     Node 20) before this script installed Node 22, and keeps using it.
// Runs under whatever Node the machine has; plain JS on purpose.
import { execSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import * as path from 'node:path';

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
const step = (message) => console.log(`[setup ${elapsed()}] ${message}`);

const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) ||
  !existsSync('node_modules/.bin/node') ||
  statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  step('First run: installing npm packages with npm ci (a Node 22 binary among them; about 1-3 minutes)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
  step('npm packages installed.');
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// libegl1, libegl-mesa0, libgl1-mesa-dri: Mesa's llvmpipe, the faster software WebGL of the aerial scenes (localWebGl in
// functions/media/rendering/local-webgl.ts; without them renders fall back to SwiftShader).
const DEBIAN_PACKAGES = [
  'chromium',
  'fonts-dejavu-core',
  'fonts-liberation',
  'libegl1',
  'libegl-mesa0',
  'libgl1-mesa-dri',
];
/**
 * The Debian packages to install: all of them when Chromium is missing; else those of the others dpkg
 * says are not installed (a machine with Chromium but without Mesa's EGL renders the aerial scenes with
 * SwiftShader, several times slower). Nothing when there is no dpkg to ask.
 */
function missingDebianPackages() {
  if (!existsSync(CHROMIUM)) return DEBIAN_PACKAGES;
  const others = DEBIAN_PACKAGES.filter((name) => name !== 'chromium');
  try {
    const listed = execSync(
      `dpkg-query -W -f='\${Package} \${Status}\n' ${others.join(' ')} 2>/dev/null || true`,
      {
        encoding: 'utf8',
      },
    );
    const installed = new Set(
      listed
        .split('\n')
        .filter((line) => line.endsWith(' installed'))
        .map((line) => line.split(' ')[0].split(':')[0]),
    );
    return others.filter((name) => !installed.has(name));
  } catch {
    return [];
  }
}

const missing = missingDebianPackages();
if (missing.length > 0) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? '' : 'sudo -n ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = `${sudo}apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  step(
    `Installing Debian's ${missing.join(', ')} for the video renderer (with Chromium about 300 MB; a few minutes, once)…`,
  );
  try {
    try {
      execSync(install, { stdio: 'inherit', env });
    } catch {
      // A fresh machine may have no package lists yet.
      execSync(`${sudo}apt-get update`, { stdio: 'inherit', env });
      execSync(install, { stdio: 'inherit', env });
    }
    step(`${missing.join(', ')} installed.`);
  } catch (error) {
    console.error(
      `Could not install ${missing.join(' ')} (${error.message.split('\n')[0]}). Install them as root (apt-get install ${missing.join(' ')}), or set CHROMIUM_PATH to a Chromium binary; until then video jobs fail with RENDER_FAILED (or, without Mesa's EGL, aerial scenes render with the slower SwiftShader).`,
    );
    process.exitCode = 1;
  }
}

const command = process.argv.slice(2);
if (command.length > 0) {
  const bin = path.resolve('node_modules', '.bin');
  const PATH = [bin, ...(process.env.PATH ?? '').split(path.delimiter).filter((p) => p && p !== bin)].join(
    path.delimiter,
  );
  if (stale) step(`Setup done; running: ${command.join(' ')}`);
  // One string through the shell, so a script line can pass `a && b` quoted as one argument.
  // The local stack's libuv pool: LOCAL_UV_THREADPOOL_SIZE of local/threadpool.ts (why is there).
  const UV_THREADPOOL_SIZE = process.env.UV_THREADPOOL_SIZE || '32';
  // Node's on-disk cache of compiled modules (Node 22): a later start loads its modules without compiling
  // them again (the local stack's modules took 2.8 s to load without it, 1.5 s with it). Keyed by each
  // file's content and Node's version, so a changed file is compiled again. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  const NODE_COMPILE_CACHE = process.env.NODE_COMPILE_CACHE ?? path.resolve('.build', 'node-compile-cache');
  // `exec` when the line is one simple command: the shell then becomes the command (the same process), so
  // a SIGTERM or SIGHUP passed on below reaches the command itself. Without it the signal ended only the
  // shell, and the command (the local stack, a test run) went on running with no parent.
  const line = command.join(' ');
  const simple = !/[;&|]/.test(line) && !/^\w+=/.test(line);
  const child = spawn(simple ? `exec ${line}` : line, {
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, PATH, UV_THREADPOOL_SIZE, NODE_COMPILE_CACHE },
  });
  // Ctrl-C reaches the whole process group; the child decides how to stop, this process waits for it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (signal !== 'SIGINT') child.kill(signal);
    });
  }
  // A SIGTERM to npm alone reaches only npm's own `sh -c`, which dies of it and leaves this process
  // without a parent: when the parent is gone, the command is asked to stop as if the signal had come.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(orphaned);
    child.kill('SIGTERM');
  }, 250);
  orphaned.unref();
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 128 : 1);
  });
}
