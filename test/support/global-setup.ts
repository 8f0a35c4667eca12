// One local stack process shared by the integration tests (tests that restart a stack start their own).
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStackProcess } from './local-stack-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedStackDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStackProcess();
  project.provide('sharedStackDataDir', stack.dataDir);
  return async () => {
    await stack.stop();
    // What the stack said (errors only, unless run with LOCAL_STACK_QUIET=false), for reading after a
    // failed run.
    writeFileSync(path.join(tmpdir(), 'pms-shared-stack.log'), stack.output());
    // Its data: every job's media of the run, several hundred MB.
    rmSync(stack.dataDir, { recursive: true, force: true });
  };
}
