// Installs what the project needs on a fresh machine, before anything else runs:
//   - the npm packages (including the Node 22 binary, the `node` package) when they are missing or older
//     than package-lock.json;
//   - Debian's Chromium and fonts, which the local video renderer (@remotion/renderer) drives, when
//     /usr/bin/chromium is missing (apt-get, as root or through passwordless sudo).
// Runs under whatever Node the machine has; plain JS on purpose.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale =
  !existsSync(marker) ||
  !existsSync('node_modules/.bin/node') ||
  statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  console.log('Installing npm packages (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBIAN_PACKAGES = ['chromium', 'fonts-dejavu-core', 'fonts-liberation'];
if (!existsSync(CHROMIUM)) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? '' : 'sudo -n ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = `${sudo}apt-get install -y --no-install-recommends ${DEBIAN_PACKAGES.join(' ')}`;
  console.log(`Installing Debian's ${DEBIAN_PACKAGES.join(', ')} for the video renderer…`);
  try {
    try {
      execSync(install, { stdio: 'inherit', env });
    } catch {
      // A fresh machine may have no package lists yet.
      execSync(`${sudo}apt-get update`, { stdio: 'inherit', env });
      execSync(install, { stdio: 'inherit', env });
    }
  } catch (error) {
    console.error(
      `Could not install ${DEBIAN_PACKAGES.join(' ')} (${error.message.split('\n')[0]}). Install them as root (apt-get install ${DEBIAN_PACKAGES.join(' ')}), or set CHROMIUM_PATH to a Chromium binary; until then video jobs fail with RENDER_FAILED.`,
    );
    process.exitCode = 1;
  }
}
