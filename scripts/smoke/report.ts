// The smoke's verdicts and the table it prints: one row per check, in the order the checks are listed
// (not the order they finished).

type Outcome = 'pass' | 'FAIL' | 'skip';

export interface CheckResult {
  readonly check: string;
  readonly outcome: Outcome;
  readonly ms: number;
  readonly detail: string;
}

/** Thrown by a check that cannot run here (its reason is the detail); anything else thrown is a FAIL. */
export class Skip extends Error {}

/** Runs one check, timing it and turning what it throws into its verdict. */
export async function runCheck(check: string, body: () => Promise<string>): Promise<CheckResult> {
  const started = Date.now();
  try {
    const detail = await body();
    return { check, outcome: 'pass', ms: Date.now() - started, detail };
  } catch (error) {
    const outcome = error instanceof Skip ? 'skip' : 'FAIL';
    return { check, outcome, ms: Date.now() - started, detail: (error as Error).message };
  }
}

export function formatTable(results: readonly CheckResult[]): string {
  const rows = [
    ['check', 'result', 'time', 'detail'],
    ...results.map((r) => [r.check, r.outcome, `${(r.ms / 1000).toFixed(1)} s`, r.detail]),
  ];
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) =>
    [row[0]!.padEnd(widths[0]!), row[1]!.padEnd(widths[1]!), row[2]!.padStart(widths[2]!), row[3]].join('  ');
  return [
    line(rows[0]!),
    `${widths.map((w) => '-'.repeat(w)).join('  ')}  ------`,
    ...rows.slice(1).map(line),
  ].join('\n');
}
