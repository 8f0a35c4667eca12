import { defineConfig } from 'vitest/config';

// Three layers: pure unit tests, infrastructure tests on the synthesized template, and integration
// tests that drive the local stack over HTTP (one shared stack process, started by global setup).
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 300_000 } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
