import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four layers: unit tests (pure code and fakes, the inner loop: npm run test:unit), component tests (one
// component with its real machinery: Chromium renders, full-size pictures, real servers), infrastructure
// tests on the synthesized templates, and integration tests that drive the local stack over HTTP (one
// shared stack process, started by global setup; tests that restart a stack start their own).
//
// Files run two at a time on two cores or more: an integration test mostly waits for the stack, whose
// renders and steps run in another process, so a unit or component file fits beside it. No test asserts
// how long something took (the machine's load decides that): the service's times are measured by the
// benchmarks (npm run bench), each beside a baseline of its own run.
//
// Every run ends with each project's time and the 15 slowest files (test/support/timing-reporter.ts): the
// suite's budget (docs/readme/hardening.md, "What npm test checks") is kept by looking at them.
const workers = Math.max(1, Math.min(2, availableParallelism()));

export default defineConfig({
  test: {
    reporters: ['default', './test/support/timing-reporter.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // A worker's unit files share its modules: importing the same modules again for every file was
          // a third of the project's time. What a file changes in the process is put back after it
          // (shared-modules-setup.ts); a file that mocks modules evaluates them afresh (fresh-modules.ts).
          isolate: false,
          setupFiles: ['test/support/shared-modules-setup.ts'],
        },
      },
      { extends: true, test: { name: 'component', include: ['test/component/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 300_000,
          // CDK's built-in CloudFormation validation (resource schemas) runs on every synthesis and only
          // prints warnings; it is run once, on every stage with its findings made errors, by guard.test.ts.
          env: { CDK_VALIDATION: 'false' },
          // A worker's files share its modules: each stage is synthesized once per worker (synthStage in
          // synth.ts keeps it), not once in every file, and the CDK library is loaded once per worker.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          // A worker's files share its modules, as the unit files do: the job schemas, the OpenAPI
          // document's checker and the renderers' code load once per worker, not once in every file.
          isolate: false,
          setupFiles: ['test/support/shared-modules-setup.ts'],
        },
      },
    ],
  },
});
