// The import rules of the architecture (README, "Project layout"): imports go one way, entries → jobs →
// media/platform → domain, and the domain imports nothing at all; no file imports itself round a cycle
// (type imports count); a job kind shows the others one face, its index.ts. Read from the source files
// themselves, so a new upward import, cycle or reach into another kind fails here, not in review.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * The architecture's parts: functions/<part> for the code that runs, lib and bin for the CDK app, local for
 * the local runtime.
 */
type Part = string;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

function partOf(file: string): Part {
  const [top, sub] = file.split(path.sep);
  return top === 'functions' ? `functions/${sub}` : top!;
}

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

interface Edge {
  readonly from: string;
  readonly to: string;
}

function importsOf(file: string): { relative: Edge[]; packages: string[] } {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const relative: Edge[] = [];
  const packages: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const spec = match[1]!;
    if (spec.startsWith('.'))
      relative.push({ from: file, to: path.normalize(path.join(path.dirname(file), spec)) });
    else packages.push(spec);
  }
  return { relative, packages };
}

const FILES = ['functions', 'lib', 'local', 'bin'].flatMap(sourceFiles);
const EDGES = FILES.flatMap((file) => importsOf(file).relative);
/** Every file of the project's code (the dashboard's browser code too), for the cycle check. */
const ALL_FILES = [...FILES, ...sourceFiles(path.join('dashboard', 'src'))];

/** Strongly connected groups of two or more files (Tarjan): each is at least one import cycle. */
function fileCycles(files: readonly string[]): string[][] {
  const known = new Set(files);
  const next = new Map(
    files.map(
      (f) =>
        [
          f,
          importsOf(f)
            .relative.map((e) => e.to)
            .filter((to) => known.has(to)),
        ] as const,
    ),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return groups;
}

const JOBS = path.join('functions', 'jobs');
/** The job kind a file belongs to (its folder under functions/jobs), if any. */
function kindOf(file: string): string | undefined {
  if (!file.startsWith(JOBS + path.sep)) return undefined;
  const rest = file.slice(JOBS.length + 1).split(path.sep);
  return rest.length > 1 && rest[0] !== 'shared' ? rest[0] : undefined;
}

/** Which parts each part may import (besides itself). */
const ALLOWED: Record<Part, readonly Part[]> = {
  'functions/domain': [],
  'functions/core': ['functions/domain'],
  /** The AWS adapters of core's ports, one per file. */
  'functions/adapters': ['functions/core', 'functions/domain'],
  'functions/media': ['functions/core', 'functions/domain'],
  /** The composition of each runtime: the one place adapters are made. */
  'functions/wiring': ['functions/adapters', 'functions/media', 'functions/core', 'functions/domain'],
  'functions/jobs': ['functions/wiring', 'functions/media', 'functions/core', 'functions/domain'],
  'functions/api': [
    'functions/wiring',
    'functions/jobs',
    'functions/media',
    'functions/core',
    'functions/domain',
  ],
  'functions/platform': ['functions/wiring', 'functions/core', 'functions/domain'],
  /** The CDK app reads the tables' layouts (their index names) from the adapters. */
  lib: [
    'functions/adapters',
    'functions/api',
    'functions/jobs',
    'functions/media',
    'functions/core',
    'functions/domain',
  ],
  local: [
    'lib',
    'functions/wiring',
    'functions/adapters',
    'functions/api',
    'functions/jobs',
    'functions/media',
    'functions/core',
    'functions/domain',
  ],
  bin: [
    'lib',
    'local',
    'functions/wiring',
    'functions/api',
    'functions/jobs',
    'functions/media',
    'functions/core',
    'functions/domain',
  ],
};

/**
 * Folders of a part that only some other parts may use: a webhook is delivered by the platform and its
 * entry, so media and jobs reach outbound URLs through core/outbound, never through core/webhooks.
 */
const FENCED: ReadonlyArray<{ readonly folder: string; readonly notFrom: readonly Part[] }> = [
  { folder: path.join('functions', 'core', 'webhooks'), notFrom: ['functions/media', 'functions/jobs'] },
];

describe('import graph', () => {
  it('knows every part of the code base', () => {
    const parts = new Set(FILES.map(partOf));
    for (const part of parts) expect(Object.keys(ALLOWED), part).toContain(part);
  });

  it('has no upward import (entries → jobs → media/platform → domain)', () => {
    const upward = EDGES.filter((e) => {
      const from = partOf(e.from);
      const to = partOf(e.to);
      return from !== to && !(ALLOWED[from] ?? []).includes(to);
    }).map((e) => `${e.from} → ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('keeps fenced folders to the parts that may use them (media and jobs do not import webhooks)', () => {
    const crossings = EDGES.filter((e) =>
      FENCED.some(
        ({ folder, notFrom }) => e.to.startsWith(folder + path.sep) && notFrom.includes(partOf(e.from)),
      ),
    ).map((e) => `${e.from} → ${e.to}`);
    expect(crossings).toEqual([]);
  });

  it('makes the adapters of the core ports only in the wiring (functions/wiring)', () => {
    const adapterClasses = FILES.filter((f) => partOf(f) === 'functions/adapters').flatMap((f) =>
      [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/export class (\w+)/g)].map((m) => m[1]!),
    );
    expect(adapterClasses).toContain('DynamoJobStore');
    const made = FILES.filter(
      (f) => partOf(f) !== 'functions/wiring' && partOf(f) !== 'functions/adapters',
    ).flatMap((f) => {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      return adapterClasses
        .filter((name) => text.includes(`new ${name}(`))
        .map((name) => `${f}: new ${name}`);
    });
    expect(made).toEqual([]);
  });

  it('makes clients of DynamoDB, S3, SQS and Step Functions only in the adapters, the wiring and the local runtime', () => {
    const AWS_CLIENT = /new (DynamoDBClient|S3Client|SQSClient|SFNClient)\(/;
    const makers = FILES.filter(
      (f) =>
        !['functions/adapters', 'functions/wiring', 'local'].includes(partOf(f)) &&
        AWS_CLIENT.test(readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(makers).toEqual([]);
  });

  it('has no cycle between parts', () => {
    const next = new Map<Part, Set<Part>>();
    for (const e of EDGES) {
      const from = partOf(e.from);
      const to = partOf(e.to);
      if (from !== to) next.set(from, new Set([...(next.get(from) ?? []), to]));
    }
    const cycles = new Set<string>();
    const visit = (part: Part, trail: Part[]) => {
      if (trail.includes(part)) {
        cycles.add([...trail.slice(trail.indexOf(part)), part].join(' → '));
        return;
      }
      for (const to of next.get(part) ?? []) visit(to, [...trail, part]);
    };
    for (const part of next.keys()) visit(part, []);
    expect([...cycles]).toEqual([]);
  });

  it('has no file that imports itself round a cycle, type imports included', () => {
    expect(fileCycles(ALL_FILES)).toEqual([]);
  });

  it("reaches another job kind only through its face (the kind folder's index.ts)", () => {
    const reaches = EDGES.filter((e) => {
      const into = kindOf(e.to);
      return into !== undefined && kindOf(e.from) !== into && path.basename(e.to) !== 'index.ts';
    }).map((e) => `${e.from} → ${e.to}`);
    expect(reaches).toEqual([]);
  });

  it('sees a cycle and a kind folder when there is one (the checks can fail)', () => {
    const fixtures = path.join('test', 'unit', 'architecture', 'fixtures');
    expect(fileCycles([path.join(fixtures, 'cycle-a.ts'), path.join(fixtures, 'cycle-b.ts')])).toEqual([
      [path.join(fixtures, 'cycle-a.ts'), path.join(fixtures, 'cycle-b.ts')],
    ]);
    expect(kindOf(path.join('functions', 'jobs', 'markup', 'schema.ts'))).toBe('markup');
    expect(kindOf(path.join('functions', 'jobs', 'shared', 'steps.ts'))).toBeUndefined();
    expect(kindOf(path.join('functions', 'jobs', 'registry.ts'))).toBeUndefined();
  });

  it('keeps the domain free of packages and of the rest of the project', () => {
    const domainFiles = FILES.filter((f) => partOf(f) === 'functions/domain');
    for (const file of domainFiles) {
      const { relative, packages } = importsOf(file);
      expect(
        packages.filter((p) => !p.startsWith('node:')),
        file,
      ).toEqual([]);
      expect(
        relative.filter((e) => partOf(e.to) !== 'functions/domain').map((e) => e.to),
        file,
      ).toEqual([]);
    }
  });
});
