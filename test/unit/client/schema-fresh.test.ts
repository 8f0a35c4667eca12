// The typed client's generated types match the OpenAPI document the service serves: a route or schema
// change without regenerating (node --import tsx scripts/generate-client-types.ts) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../functions/api/openapi-document.ts';
import { ROUTES } from '../../../functions/api/routes.ts';
import {
  CLIENT_SCHEMA_FILE,
  clientTypesSource,
  currentClientTypes,
  typeOf,
} from '../../../scripts/generate-client-types.ts';

describe('generated client types', () => {
  it('are up to date with the OpenAPI document', () => {
    const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
    // Compared whole; on a mismatch, regenerate with scripts/generate-client-types.ts.
    expect(committed === currentClientTypes(), 'clients/typescript/src/schema.ts is stale').toBe(true);
  });

  it('have one path entry per route and one operation per operationId', () => {
    const source = clientTypesSource(buildOpenApiDocument(ROUTES));
    for (const route of ROUTES) {
      expect(source, route.path).toContain(`"${route.path}": {`);
      expect(source, route.operationId).toContain(`operations["${route.operationId}"]`);
    }
  });

  it('translate the JSON Schema forms the document uses', () => {
    expect(typeOf({ type: 'string', enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeOf({ type: ['integer', 'null'] })).toBe('number | null');
    expect(typeOf({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } })).toBe(
      '(string | number)[]',
    );
    expect(typeOf({ $ref: '#/components/schemas/Job' })).toBe('components["schemas"]["Job"]');
    // As openapi-typescript: no index signature unless additionalProperties says so.
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' } }, required: [] })).toBe(
      '{\n  a?: string;\n}',
    );
    expect(typeOf({ type: 'object' })).toBe('{\n  [key: string]: unknown;\n}');
    expect(
      typeOf({
        type: 'object',
        properties: { a: { const: 1 } },
        required: ['a'],
        additionalProperties: false,
      }),
    ).toBe('{\n  a: 1;\n}');
    expect(
      typeOf({
        type: 'object',
        propertyNames: { type: 'string', enum: ['x', 'y'] },
        additionalProperties: { type: 'number' },
      }),
    ).toBe('{\n  [K in "x" | "y"]?: number;\n}');
  });
});
