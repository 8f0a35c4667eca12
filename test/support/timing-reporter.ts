// Prints where the run's time went, after every run: each project's time and the 15 slowest files. The
// suite has a time budget (npm test within 10 minutes on a fresh 2-core machine, npm run test:unit within
// 30 s: docs/readme/hardening.md), and a budget is kept only when every run shows what spends it.
//
// A project's "wall" is the time from its first file starting to its last file ending (projects overlap:
// files of every project share the workers); "work" is the sum of its files' own times, each file's import
// (collect, setup files, environment) plus its tests and hooks. A file that imports much and tests little is
// a file whose imports to look at; the import share is printed for that.
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

const SLOWEST = 15;

interface FileTime {
  readonly project: string;
  readonly file: string;
  readonly importMs: number;
  readonly testsMs: number;
  readonly tests: number;
  readonly startedAt: number;
  readonly endedAt: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class TimingReporter implements Reporter {
  private runStartedAt = 0;
  private readonly startedAt = new Map<string, number>();
  private readonly files: FileTime[] = [];

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>): void {
    this.runStartedAt = Date.now();
    this.startedAt.clear();
    this.files.length = 0;
  }

  onTestModuleStart(module: TestModule): void {
    this.startedAt.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const importMs = d.collectDuration + d.setupDuration + d.environmentSetupDuration + d.prepareDuration;
    const endedAt = Date.now();
    this.files.push({
      project: module.project.name || '(root)',
      file: module.relativeModuleId,
      importMs,
      testsMs: d.duration,
      tests: [...module.children.allTests()].length,
      // The module starts once it was collected: its start is its end less its own time.
      startedAt: Math.min(this.startedAt.get(module.moduleId) ?? endedAt, endedAt - importMs - d.duration),
      endedAt,
    });
  }

  onTestRunEnd(): void {
    if (this.files.length === 0) return;
    const lines: string[] = ['', `Time by project (run ${seconds(Date.now() - this.runStartedAt)}):`];
    const projects = new Map<string, FileTime[]>();
    for (const f of this.files) projects.set(f.project, [...(projects.get(f.project) ?? []), f]);
    const width = Math.max(...[...projects.keys()].map((p) => p.length));
    for (const [project, files] of [...projects].sort(
      (a, b) => Math.min(...a[1].map((f) => f.startedAt)) - Math.min(...b[1].map((f) => f.startedAt)),
    )) {
      const wall = Math.max(...files.map((f) => f.endedAt)) - Math.min(...files.map((f) => f.startedAt));
      const importMs = files.reduce((sum, f) => sum + f.importMs, 0);
      const testsMs = files.reduce((sum, f) => sum + f.testsMs, 0);
      const tests = files.reduce((sum, f) => sum + f.tests, 0);
      lines.push(
        `  ${project.padEnd(width)}  ${String(files.length).padStart(3)} files ${String(tests).padStart(5)} tests  wall ${seconds(wall).padStart(8)}  work ${seconds(importMs + testsMs).padStart(8)} (import ${seconds(importMs)}, tests ${seconds(testsMs)})`,
      );
    }
    lines.push(`${SLOWEST} slowest files (import + tests):`);
    for (const f of [...this.files]
      .sort((a, b) => b.importMs + b.testsMs - (a.importMs + a.testsMs))
      .slice(0, SLOWEST)) {
      lines.push(
        `  ${seconds(f.importMs + f.testsMs).padStart(8)}  ${f.project.padEnd(width)}  ${f.file}  (import ${seconds(f.importMs)}, ${f.tests} tests ${seconds(f.testsMs)})`,
      );
    }
    console.log(lines.join('\n'));
  }
}
