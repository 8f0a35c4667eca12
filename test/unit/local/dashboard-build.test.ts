// A start that takes its templates from the cache does not synthesize, so it cannot rely on synthesis to
// build the dashboard: it rebuilds the page when a file the last build read has changed (the app's
// modules, what they import from functions/, the page and stylesheet), and only then.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../lib/constructs/function-facts.ts';
import { buildDashboardIfChanged, DASHBOARD_BUILD_DIR } from '../../../lib/dashboard/build-dashboard.ts';

// A copy of what the dashboard is built from, so the test can change its sources. Nested a few levels,
// unlike the process's working directory: the build must name what it read relative to the root it is
// given (a path relative to the working directory found the files only at the same depth).
const scratch = mkdtempSync(path.join(tmpdir(), 'pms-dashboard-build-'));
const root = path.join(scratch, 'a', 'b', 'project');
cpSync(path.join(PROJECT_ROOT, 'dashboard'), path.join(root, 'dashboard'), { recursive: true });
cpSync(path.join(PROJECT_ROOT, 'functions'), path.join(root, 'functions'), { recursive: true });
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const app = () => readFileSync(path.join(root, DASHBOARD_BUILD_DIR, 'app.js'), 'utf8');

describe('the dashboard build of a start from cached templates', () => {
  it('builds when there is no build, then only when something it read has changed', () => {
    expect(buildDashboardIfChanged(root).rebuilt).toBe(true);
    expect(buildDashboardIfChanged(root).rebuilt).toBe(false);

    // A page module changed: rebuilt, with the change in it.
    const page = path.join(root, 'dashboard', 'src', 'audit.ts');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Export JSON Lines', 'Download JSON Lines'));
    expect(buildDashboardIfChanged(root).rebuilt).toBe(true);
    expect(app()).toContain('Download JSON Lines');
    expect(buildDashboardIfChanged(root).rebuilt).toBe(false);

    // A module of functions/ the page imports (the scopes a key may hold) is an input too.
    const scopes = path.join(root, 'functions', 'core', 'auth', 'scopes.ts');
    writeFileSync(scopes, readFileSync(scopes, 'utf8').replace("'read usage'", "'read usage and bills'"));
    expect(buildDashboardIfChanged(root).rebuilt).toBe(true);
    expect(app()).toContain('read usage and bills');

    // The stylesheet is copied, not bundled: still an input.
    writeFileSync(path.join(root, 'dashboard', 'app.css'), 'body { color: red; }\n');
    expect(buildDashboardIfChanged(root).rebuilt).toBe(true);
    expect(readFileSync(path.join(root, DASHBOARD_BUILD_DIR, 'app.css'), 'utf8')).toContain('color: red');
  });
});
