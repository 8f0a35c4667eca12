// Writes the typed client's `paths` types (clients/typescript/src/schema.ts) from the service's OpenAPI
// document, in the layout openapi-typescript 7 produces and openapi-fetch reads: `paths`, `webhooks`,
// `components` and `operations`. openapi-typescript itself needs the `typescript` compiler API, which this
// repository's TypeScript 7 (native) does not offer, so the subset of JSON Schema the document uses is
// translated here. `test/unit/client/schema-fresh.test.ts` fails when the committed file is stale.
//   node --import tsx scripts/generate-client-types.ts
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOpenApiDocument } from '../functions/api/openapi-document.ts';
import { ROUTES } from '../functions/api/routes.ts';

type Schema = Record<string, unknown>;

export const CLIENT_SCHEMA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'clients/typescript/src/schema.ts',
);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PARAMETER_PLACES = ['query', 'header', 'path', 'cookie'] as const;

const literal = (value: unknown) => JSON.stringify(value);
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const pad = (depth: number) => '  '.repeat(depth);

function comment(schema: Schema | undefined, depth: number): string {
  const description = schema?.description;
  if (typeof description !== 'string' || description === '') return '';
  const text = description.replace(/\*\//g, '*\\/').split('\n');
  if (text.length === 1) return `${pad(depth)}/** @description ${text[0]} */\n`;
  return `${pad(depth)}/**\n${text.map((line) => `${pad(depth)} * ${line}`.trimEnd()).join('\n')}\n${pad(depth)} */\n`;
}

const union = (parts: string[]) => {
  const unique = [...new Set(parts)];
  return unique.length === 1
    ? unique[0]!
    : unique.map((p) => (/[&|]/.test(p) && !p.startsWith('{') ? `(${p})` : p)).join(' | ');
};

/** The TypeScript type of a JSON Schema (2020-12, the subset zod emits). */
export function typeOf(schema: unknown, depth = 0): string {
  if (schema === true || schema === undefined) return 'unknown';
  if (schema === false) return 'never';
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const match = /^#\/components\/schemas\/(.+)$/.exec(s.$ref);
    if (!match) throw new Error(`Unsupported $ref ${s.$ref}`);
    return `components["schemas"][${literal(match[1])}]`;
  }
  if ('const' in s) return literal(s.const);
  if (Array.isArray(s.enum)) return union(s.enum.map(literal));
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[combinator])) return union((s[combinator] as unknown[]).map((x) => typeOf(x, depth)));
  }
  if (Array.isArray(s.allOf)) return (s.allOf as unknown[]).map((x) => typeOf(x, depth)).join(' & ');
  if (Array.isArray(s.type)) return union((s.type as string[]).map((type) => typeOf({ ...s, type }, depth)));
  switch (s.type) {
    case 'null':
      return 'null';
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      if (Array.isArray(s.prefixItems))
        return `[${(s.prefixItems as unknown[]).map((x) => typeOf(x, depth)).join(', ')}]`;
      const item = typeOf(s.items, depth);
      return /[&| ]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
    }
    case 'object':
      return objectType(s, depth);
    case undefined:
      return s.properties ? objectType(s, depth) : 'unknown';
    default:
      throw new Error(`Unsupported schema type ${String(s.type)}`);
  }
}

function objectType(s: Schema, depth: number): string {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const lines = Object.entries(properties).map(
    ([name, prop]) =>
      `${comment(prop, depth + 1)}${pad(depth + 1)}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(prop, depth + 1)};`,
  );
  const extra = s.additionalProperties;
  const names = s.propertyNames as Schema | undefined;
  if (names && Array.isArray(names.enum) && extra !== undefined && extra !== false) {
    // A record over a closed set of keys (z.partialRecord): each key optional. A mapped type cannot
    // share a type literal with other members, so named properties (if any) are intersected.
    const mapped = `{\n${pad(depth + 1)}[K in ${union(names.enum.map(literal))}]?: ${typeOf(extra, depth + 1)};\n${pad(depth)}}`;
    return lines.length === 0 ? mapped : `{\n${lines.join('\n')}\n${pad(depth)}} & ${mapped}`;
  }
  if (extra === undefined ? lines.length === 0 : extra !== false) {
    lines.push(
      `${pad(depth + 1)}[key: string]: ${extra === undefined ? 'unknown' : typeOf(extra, depth + 1)};`,
    );
  }
  return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

interface Parameter {
  readonly name: string;
  readonly in: (typeof PARAMETER_PLACES)[number];
  readonly required?: boolean;
  readonly schema?: Schema;
  readonly description?: string;
}

function parametersType(parameters: readonly Parameter[], depth: number): string {
  const lines = PARAMETER_PLACES.map((place) => {
    const these = parameters.filter((p) => p.in === place);
    if (these.length === 0) return `${pad(depth + 1)}${place}?: never;`;
    const fields = these.map(
      (p) =>
        `${comment(p as unknown as Schema, depth + 2)}${pad(depth + 2)}${key(p.name)}${p.required ? '' : '?'}: ${typeOf(p.schema, depth + 2)};`,
    );
    const optional = these.every((p) => !p.required);
    return `${pad(depth + 1)}${place}${optional ? '?' : ''}: {\n${fields.join('\n')}\n${pad(depth + 1)}};`;
  });
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

function contentType(
  content: Record<string, { schema?: Schema }> | undefined,
  depth: number,
): string | undefined {
  if (!content) return undefined;
  const lines = Object.entries(content).map(
    ([media, body]) => `${pad(depth + 1)}${literal(media)}: ${typeOf(body.schema, depth + 1)};`,
  );
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

function operationType(op: Schema, depth: number): string {
  const lines: string[] = [];
  lines.push(
    `${pad(depth + 1)}parameters: ${parametersType((op.parameters ?? []) as Parameter[], depth + 1)};`,
  );
  const body = op.requestBody as
    | { required?: boolean; content?: Record<string, { schema?: Schema }> }
    | undefined;
  if (body) {
    lines.push(
      `${pad(depth + 1)}requestBody${body.required ? '' : '?'}: {\n${pad(depth + 2)}content: ${contentType(body.content, depth + 2)};\n${pad(depth + 1)}};`,
    );
  } else {
    lines.push(`${pad(depth + 1)}requestBody?: never;`);
  }
  const responses = Object.entries((op.responses ?? {}) as Record<string, Schema>).map(
    ([status, response]) => {
      const headers = Object.entries((response.headers ?? {}) as Record<string, Schema>).map(
        ([name, header]) =>
          `${comment(header, depth + 4)}${pad(depth + 4)}${key(name)}?: ${typeOf(header.schema, depth + 4)};`,
      );
      headers.push(`${pad(depth + 4)}[name: string]: unknown;`);
      const content = contentType(
        response.content as Record<string, { schema?: Schema }> | undefined,
        depth + 3,
      );
      return [
        `${comment(response, depth + 2)}${pad(depth + 2)}${/^\d+$/.test(status) ? status : literal(status)}: {`,
        `${pad(depth + 3)}headers: {\n${headers.join('\n')}\n${pad(depth + 3)}};`,
        content ? `${pad(depth + 3)}content: ${content};` : `${pad(depth + 3)}content?: never;`,
        `${pad(depth + 2)}};`,
      ].join('\n');
    },
  );
  lines.push(`${pad(depth + 1)}responses: {\n${responses.join('\n')}\n${pad(depth + 1)}};`);
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

function pathItemType(
  item: Record<string, Schema>,
  depth: number,
  operationRef: (op: Schema) => string,
): string {
  const lines = [
    `${pad(depth + 1)}parameters: {\n${PARAMETER_PLACES.map((p) => `${pad(depth + 2)}${p}?: never;`).join('\n')}\n${pad(depth + 1)}};`,
  ];
  for (const method of METHODS) {
    const op = item[method];
    lines.push(
      op
        ? `${comment({ description: op.summary }, depth + 1)}${pad(depth + 1)}${method}: ${operationRef(op)};`
        : `${pad(depth + 1)}${method}?: never;`,
    );
  }
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

/** The generated module's text for an OpenAPI 3.1 document. */
export function clientTypesSource(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, Schema>>;
  const operations: string[] = [];
  const pathLines = Object.entries(paths).map(([p, item]) => {
    const body = pathItemType(item, 1, (op) => {
      const id = op.operationId;
      if (typeof id !== 'string') throw new Error(`An operation of ${p} has no operationId`);
      operations.push(`${pad(1)}${key(id)}: ${operationType(op, 1)};`);
      return `operations[${literal(id)}]`;
    });
    return `${pad(1)}${literal(p)}: ${body};`;
  });
  const webhookLines = Object.entries((doc.webhooks ?? {}) as Record<string, Record<string, Schema>>).map(
    ([name, item]) => `${pad(1)}${literal(name)}: ${pathItemType(item, 1, (op) => operationType(op, 2))};`,
  );
  const schemas = Object.entries(((doc.components as Schema).schemas ?? {}) as Record<string, Schema>).map(
    ([name, schema]) => `${comment(schema, 2)}${pad(2)}${key(name)}: ${typeOf(schema, 2)};`,
  );
  return [
    '// Generated from the OpenAPI document by scripts/generate-client-types.ts. Do not edit by hand:',
    '// run `node --import tsx scripts/generate-client-types.ts` after changing a route or schema.',
    '',
    `export interface paths {\n${pathLines.join('\n')}\n}`,
    '',
    `export interface webhooks {\n${webhookLines.join('\n')}\n}`,
    '',
    `export interface components {\n${pad(1)}schemas: {\n${schemas.join('\n')}\n${pad(1)}};\n${pad(1)}responses: never;\n${pad(1)}parameters: never;\n${pad(1)}requestBodies: never;\n${pad(1)}headers: never;\n${pad(1)}pathItems: never;\n}`,
    '',
    'export type $defs = Record<string, never>;',
    '',
    `export interface operations {\n${operations.join('\n')}\n}`,
    '',
  ].join('\n');
}

/** The text the committed schema file must have for the current routes. */
export function currentClientTypes(): string {
  return clientTypesSource(buildOpenApiDocument(ROUTES));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(CLIENT_SCHEMA_FILE, currentClientTypes());
  console.log(`wrote ${path.relative(process.cwd(), CLIENT_SCHEMA_FILE)}`);
}
