import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEPLOYABLE_STAGES } from '../../lib/config/stages.ts';
import { synthStage } from './synth.ts';
import { summarize, type TemplateSummary } from './template-baseline.ts';

const BASELINE = fileURLToPath(new URL('./fixtures/template-baseline.json', import.meta.url));

type StackName = 'stateful' | 'service' | 'monitoring';

function current(): Record<string, Record<StackName, TemplateSummary>> {
  return Object.fromEntries(
    DEPLOYABLE_STAGES.map((stage) => {
      const synthesized = synthStage(stage);
      return [
        stage,
        {
          stateful: summarize(synthesized.statefulTemplate),
          service: summarize(synthesized.serviceTemplate),
          monitoring: summarize(synthesized.monitoringTemplate),
        },
      ];
    }),
  );
}

describe('the synthesized stacks against the recorded baseline', () => {
  const now = current();
  if (process.env.UPDATE_TEMPLATE_BASELINE === '1')
    writeFileSync(BASELINE, `${JSON.stringify(now, null, 1)}\n`);
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as typeof now;

  for (const stage of DEPLOYABLE_STAGES) {
    for (const stack of ['stateful', 'service', 'monitoring'] as const) {
      it(`${stage} ${stack}: the same resources (logical id and type), so a deploy replaces nothing`, () => {
        expect(now[stage]![stack].resources).toEqual(baseline[stage]![stack].resources);
      });
      it(`${stage} ${stack}: every role has the same statements (effect, action, resource)`, () => {
        expect(now[stage]![stack].roles).toEqual(baseline[stage]![stack].roles);
      });
    }
  }
});
