// What a benchmark's figures depend on, printed beside them: CPU model and count, load average, Node.
import { cpus, loadavg } from 'node:os';

export function machineLine(): string {
  const cores = cpus();
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return `machine: ${cores[0]?.model.trim() ?? 'unknown CPU'} × ${cores.length} · load ${load} · Node ${process.version}`;
}
