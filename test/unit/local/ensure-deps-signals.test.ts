// The npm scripts' launcher (scripts/ensure-deps.mjs) runs its command through a shell. A SIGTERM to the
// launcher (a process manager, CI's timeout, npm passing on its own) must reach the command itself and
// leave nothing running: the shell used to take the signal and die, and the local stack it had started
// ran on without a parent.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'ensure-deps-'));
/** Every command's pid: whatever a failed case left running is killed at the end. */
const commands: number[] = [];
afterAll(() => {
  for (const pid of commands) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A command that writes its pid, and on SIGTERM a line saying so before it exits. */
function writeCommand(name: string): { command: string; marks: string; read(): string } {
  const marks = path.join(dir, `${name}.marks`);
  const command = path.join(dir, `${name}.mjs`);
  writeFileSync(
    command,
    `import { appendFileSync } from 'node:fs';
       appendFileSync(process.argv[2], 'pid ' + process.pid + '\\n');
       process.on('SIGTERM', () => { appendFileSync(process.argv[2], 'SIGTERM\\n'); process.exit(0); });
       setInterval(() => {}, 1000);`,
  );
  const read = () => {
    try {
      return readFileSync(marks, 'utf8');
    } catch {
      return '';
    }
  };
  return { command, marks, read };
}

async function started(read: () => string): Promise<number> {
  await until(() => read().startsWith('pid '), 'the command to start');
  const pid = Number(/^pid (\d+)/.exec(read())?.[1]);
  commands.push(pid);
  return pid;
}

describe('ensure-deps.mjs', () => {
  it('passes a SIGTERM on to its command, which stops, and then ends with it', async () => {
    const { command, marks, read } = writeCommand('direct');
    const launcher = spawn(process.execPath, ['scripts/ensure-deps.mjs', 'node', command, marks], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => launcher.on('exit', (code) => resolve(code)));
    const pid = await started(read);
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(read()).toContain('SIGTERM');
    await until(() => !alive(pid), 'the command to end', 2_000);
  });

  it('stops its command when its parent shell dies of a SIGTERM (as npm run’s own sh -c does)', async () => {
    const { command, marks, read } = writeCommand('orphaned');
    const npmShell = spawn(
      'sh',
      ['-c', `${process.execPath} scripts/ensure-deps.mjs node ${command} ${marks}`],
      {
        cwd: ROOT,
        stdio: 'ignore',
      },
    );
    const pid = await started(read);
    npmShell.kill('SIGTERM');
    await until(() => read().includes('SIGTERM'), 'the command to be told to stop', 5_000);
    await until(() => !alive(pid), 'the command to end', 2_000);
  });
});
