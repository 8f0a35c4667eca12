// The template's scheduled EventBridge rules (rate(...)), run locally: each target function is invoked
// on an interval, never twice at once. The local stack runs them more often than their rate (its
// `localEverySeconds`), so a laptop that restarted catches up in seconds.
import type { LocalLambdas } from './local-lambdas.ts';
import { logicalIdOfArn } from './local-resources.ts';
import { type CfnTemplate, resourcesOfType, type TemplateResolver } from './synthesized-app.ts';

const RATE = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/;
const UNIT_SECONDS: Record<string, number> = { minute: 60, hour: 3600, day: 86_400 };

/** A rate expression's period in seconds; undefined for cron expressions (not run locally). */
function ratePeriodSeconds(expression: string): number | undefined {
  const match = RATE.exec(expression);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_SECONDS[match[2]!.replace(/s$/, '')]!;
}

export class LocalSchedules {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly template: CfnTemplate,
    private readonly resolver: TemplateResolver,
    private readonly lambdas: LocalLambdas,
    private readonly maxPeriodSeconds: number,
  ) {}

  start(): void {
    for (const [ruleId, rule] of resourcesOfType(this.template, 'AWS::Events::Rule')) {
      const props = this.resolver.resolve(rule.Properties ?? {}) as {
        ScheduleExpression?: string;
        Targets?: Array<{ Arn: string }>;
      };
      const period = props.ScheduleExpression ? ratePeriodSeconds(props.ScheduleExpression) : undefined;
      if (period === undefined) continue;
      for (const target of props.Targets ?? []) {
        const functionId = logicalIdOfArn(target.Arn);
        let busy = false;
        const tick = () => {
          if (busy) return;
          busy = true;
          const run = this.lambdas
            .invoke(functionId, {
              source: 'aws.events',
              'detail-type': 'Scheduled Event',
              resources: [ruleId],
            })
            .catch((error) =>
              console.error(JSON.stringify({ component: 'schedules', rule: ruleId, error: String(error) })),
            )
            .finally(() => {
              busy = false;
              this.running.delete(run);
            });
          this.running.add(run);
        };
        const timer = setInterval(tick, Math.min(period, this.maxPeriodSeconds) * 1000);
        timer.unref();
        this.timers.push(timer);
      }
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.running]);
  }
}
