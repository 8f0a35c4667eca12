// The served OpenAPI document passes two linters nobody here wrote, with nothing to report: Redocly's
// recommended rules and Spectral's `spectral:oas`. A finding fails the test and is printed in full.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { Json as JsonParser } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { servedOpenApiDocument } from '../../../functions/api/openapi.ts';

async function redoclyFindings(source: string): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
  return problems.map(
    (p) => `redocly ${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`,
  );
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'];

async function spectralFindings(source: string): Promise<string[]> {
  const spectral = new Spectral();
  // `spectral:oas` in a ruleset file: the oas ruleset with its recommended rules.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const results = await spectral.run(new Document(source, JsonParser, 'openapi.json'));
  return results.map(
    (r) =>
      `spectral ${SPECTRAL_SEVERITY[r.severity]} ${r.code} at ${r.path.join('.') || '(root)'}: ${r.message}`,
  );
}

describe('the served OpenAPI document', () => {
  const source = servedOpenApiDocument();

  it("has no finding under Redocly's recommended rules", async () => {
    expect(await redoclyFindings(source)).toEqual([]);
  });

  it('has no finding under Spectral (spectral:oas)', async () => {
    expect(await spectralFindings(source)).toEqual([]);
  });

  it('would fail both linters with an operation or a tag left undescribed', async () => {
    const document = JSON.parse(source);
    delete document.paths['/v1/jobs'].get.description;
    delete document.tags[0].description;
    const broken = JSON.stringify(document);
    expect(await spectralFindings(broken)).toEqual([
      expect.stringMatching(/^spectral warn operation-description at paths\.\/v1\/jobs\.get:/),
    ]);
    expect(await redoclyFindings(broken)).toEqual([
      expect.stringMatching(/^redocly warn tag-description at #\/tags\/0\/description:/),
    ]);
  });
});
