// The import rules of the architecture (README, "Project layout"): imports go one way, entries → jobs →
// media/platform → domain, and the domain imports nothing at all. Read from the source files themselves,
// so a new upward import fails here, not in review.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** The architecture's parts: functions/<part> for the code that runs, lib and bin for the CDK app. */
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

const FILES = ['functions', 'lib', 'bin'].flatMap(sourceFiles);
const EDGES = FILES.flatMap((file) => importsOf(file).relative);

/** Which parts each part may import (besides itself). */
const ALLOWED: Record<Part, readonly Part[]> = {
  'functions/domain': [],
  'functions/core': ['functions/domain'],
  'functions/media': ['functions/core', 'functions/domain'],
  'functions/jobs': ['functions/media', 'functions/core', 'functions/domain'],
  'functions/api': ['functions/jobs', 'functions/media', 'functions/core', 'functions/domain'],
  'functions/platform': ['functions/core', 'functions/domain'],
  lib: ['functions/api', 'functions/jobs', 'functions/media', 'functions/core', 'functions/domain'],
  bin: ['lib', 'functions/api', 'functions/jobs', 'functions/media', 'functions/core', 'functions/domain'],
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
