// Usage: units per UTC day, stacked by job type (an inline SVG chart), and totals per job type.
import { call, type UsageReport } from './api.ts';
import type { PageContext } from './context.ts';
import { h, svg } from './dom.ts';

const PALETTE = [
  '#4f46e5',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#64748b',
];

function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

function usageChart(report: UsageReport, colours: Map<string, string>): SVGElement {
  const days = daysOf(report.from, report.to);
  const width = 760;
  const height = 240;
  const pad = { left: 40, right: 8, top: 12, bottom: 28 };
  const perDay = new Map<string, number>();
  for (const d of report.days) perDay.set(d.date, (perDay.get(d.date) ?? 0) + d.units);
  const max = Math.max(1, ...perDay.values());
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const plotH = height - pad.top - pad.bottom;
  const slot = (width - pad.left - pad.right) / days.length;
  const y = (v: number) => pad.top + plotH - (v / top) * plotH;
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'chart',
    role: 'img',
    'aria-label': `Units per day, ${report.from} to ${report.to}`,
    'data-testid': 'usage-chart',
  });
  for (let v = 0; v <= top; v += step) {
    chart.appendChild(
      svg('line', { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: 'grid' }),
    );
    chart.appendChild(
      svg('text', { x: pad.left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, String(v)),
    );
  }
  days.forEach((day, i) => {
    let base = 0;
    const x = pad.left + i * slot + slot * 0.15;
    for (const cell of report.days.filter((d) => d.date === day)) {
      const bar = svg('rect', {
        x,
        y: y(base + cell.units),
        width: Math.max(1, slot * 0.7),
        height: Math.max(0, y(base) - y(base + cell.units)),
        fill: colours.get(cell.job_type) ?? '#64748b',
        rx: 2,
        'data-testid': 'usage-bar',
      });
      bar.appendChild(svg('title', {}, `${day} · ${cell.job_type}: ${cell.units} units, ${cell.jobs} jobs`));
      chart.appendChild(bar);
      base += cell.units;
    }
    if (i % Math.ceil(days.length / 8) === 0) {
      chart.appendChild(
        svg(
          'text',
          { x: x + slot * 0.35, y: height - 8, 'text-anchor': 'middle', class: 'axis' },
          day.slice(5),
        ),
      );
    }
  });
  return chart;
}

function niceStep(max: number): number {
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(amount);

export async function usagePage(ctx: PageContext): Promise<HTMLElement> {
  const report = await call<UsageReport>('GET', `/v1/dashboard/usage?mode=${ctx.mode}`);
  const types = Object.keys(report.totals.by_job_type).sort();
  const colours = new Map(types.map((t, i) => [t, PALETTE[i % PALETTE.length]!]));
  const legend = h(
    'div',
    { class: 'legend' },
    ...types.map((t) => {
      const swatch = h('span', { class: 'swatch' });
      swatch.style.background = colours.get(t)!;
      return h('span', { class: 'legend-item' }, swatch, t);
    }),
  );
  return h(
    'section',
    { class: 'page', testid: 'usage-page' },
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Usage'),
      h(
        'p',
        { class: 'lede' },
        `${ctx.mode === 'test' ? 'Test' : 'Live'} usage per UTC day, ${report.from} to ${report.to}. ${ctx.mode === 'test' ? 'Test usage is free.' : 'Live usage is billed at your rates.'}`,
      ),
    ),
    h(
      'div',
      { class: 'stats' },
      stat('Jobs', String(report.totals.jobs), 'usage-total-jobs'),
      stat('Units', String(report.totals.units), 'usage-total-units'),
      stat('Amount', money(report.totals.amount, report.currency), 'usage-total-amount'),
    ),
    h(
      'div',
      { class: 'card' },
      h('div', { class: 'card-title' }, 'Units per day'),
      usageChart(report, colours),
      legend,
    ),
    h(
      'div',
      { class: 'card' },
      h('div', { class: 'card-title' }, 'By job type'),
      types.length === 0
        ? h('p', { class: 'empty' }, 'No usage in this period.')
        : h(
            'table',
            { class: 'table', testid: 'usage-table' },
            h(
              'thead',
              {},
              h('tr', {}, ...['Job type', 'Jobs', 'Units', 'Amount'].map((t) => h('th', {}, t))),
            ),
            h(
              'tbody',
              {},
              ...types.map((t) => {
                const f = report.totals.by_job_type[t]!;
                return h(
                  'tr',
                  {},
                  h('td', {}, t),
                  h('td', {}, String(f.jobs)),
                  h('td', {}, String(f.units)),
                  h('td', {}, money(f.amount, report.currency)),
                );
              }),
            ),
          ),
    ),
  );
}

function stat(label: string, value: string, testid: string): HTMLElement {
  return h(
    'div',
    { class: 'card stat' },
    h('div', { class: 'stat-label' }, label),
    h('div', { class: 'stat-value', testid }, value),
  );
}
