// Runs before every unit and integration test file. Those files share their worker's modules
// (vitest.config.ts: importing the same modules again was most of a unit file's time), so what one file
// changes in the process must not reach the next: the environment is put back as it was before the file,
// and timers made real.
import { afterAll, vi } from 'vitest';

const original = process.env;
const saved = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  process.env = original; // a file may have replaced the object itself
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});
