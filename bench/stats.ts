// Timing helpers for the benchmarks: run N operations at a concurrency, report rate and percentiles.
export interface RunStats {
  readonly label: string;
  readonly count: number;
  readonly concurrency: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function measure(
  label: string,
  count: number,
  concurrency: number,
  op: (i: number) => Promise<void>,
): Promise<RunStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        const t = performance.now();
        await op(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    label,
    count,
    concurrency,
    perSecond: count / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function printTable(rows: readonly RunStats[]): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(
    `${pad('operation', 44)}${pad('conc', 6)}${pad('n', 6)}${pad('req/s', 10)}${pad('p50 ms', 10)}p99 ms`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.label, 44)}${pad(String(r.concurrency), 6)}${pad(String(r.count), 6)}${pad(r.perSecond.toFixed(0), 10)}${pad(r.p50.toFixed(2), 10)}${r.p99.toFixed(2)}`,
    );
  }
}
