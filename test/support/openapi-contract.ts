// Checks one answer of the API against the OpenAPI document the service serves: the status must be one
// the operation documents, every header it documents as required must be there (and every documented
// header must match its schema), and the body must be of a documented media type and match its schema.
// A path or method the document does not have must get the route fallback's error (404, or 405 with
// Allow). The test client (http-client.ts) runs this on every answer, so drift fails the test that saw it.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument } from '../../functions/api/openapi-document.ts';
import { ROUTES } from '../../functions/api/routes.ts';

// ajv-formats is CommonJS: a default import is its module.exports, which is the plugin, and the plugin's
// `default` is the plugin again, so `.default` is the plugin whichever way the import is resolved (and
// that is how its types describe the module).
const addFormats = addFormatsModule.default;

/** What is checked: the request line and what came back. */
export interface Exchange {
  readonly method: string;
  /** The path as requested, query string included or not. */
  readonly path: string;
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly text: string;
}

type Json = Record<string, unknown>;

interface Operation {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly operation: Json & { operationId: string; responses: Record<string, Json> };
}

const DOCUMENT_ID = 'openapi.json';

let contract: { document: Json; ajv: Ajv2020; operations: Operation[] } | undefined;

function load() {
  if (contract) return contract;
  const document = JSON.parse(JSON.stringify(buildOpenApiDocument(ROUTES))) as Json;
  // The document is one schema resource, so `#/components/schemas/…` references resolve inside it.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Json>)) {
    const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    for (const [method, operation] of Object.entries(item)) {
      operations.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${escaped}$`),
        operation: operation as Operation['operation'],
      });
    }
  }
  // A literal segment wins over a parameter (/v1/dashboard/sessions/end before a {param} there).
  operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  contract = { document, ajv, operations };
  return contract;
}

/** `#/a/b~c` → the Ajv key of that schema inside the document. */
function pointer(parts: readonly string[]): string {
  const escaped = parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1')));
  return `${DOCUMENT_ID}#/${escaped.join('/')}`;
}

function schemaProblems(parts: readonly string[], value: unknown, what: string): string[] {
  const { ajv } = load();
  const validate = ajv.getSchema(pointer(parts));
  if (!validate) throw new Error(`no schema at ${pointer(parts)}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 8).map((e) => `${what}${e.instancePath} ${e.message}`);
}

function jsonBody(text: string): { value?: unknown; problem?: string } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { problem: `body is not JSON: ${text.slice(0, 120)}` };
  }
}

/** A documented header's value, read as its schema's type (headers are text on the wire). */
function headerValue(value: string, schema: Json | undefined): unknown {
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

/** What the route fallback answers for a path or method the document does not have. */
function fallbackProblems(exchange: Exchange, allowed: readonly string[]): string[] {
  const status = allowed.length === 0 ? 404 : 405;
  if (exchange.status !== status) {
    return [
      allowed.length === 0
        ? `no documented path matches, so the answer must be the fallback's 404, not ${exchange.status}`
        : `the path documents ${allowed.join(', ')} only, so the answer must be 405, not ${exchange.status}`,
    ];
  }
  const problems: string[] = [];
  if (status === 405 && exchange.headers.get('allow') === null) problems.push('405 without an Allow header');
  const body = jsonBody(exchange.text);
  if (body.problem) return [...problems, body.problem];
  return [...problems, ...schemaProblems(['components', 'schemas', 'Error'], body.value, 'body')];
}

function stripPath(path: string): string {
  const bare = path.split(/[?#]/)[0]!;
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** Operation ids and statuses this process has checked, as `operationId status`. */
export const checkedAnswers = new Set<string>();

/** Everything in the answer that the document does not say; empty when it matches. */
export function contractProblems(exchange: Exchange): string[] {
  const bare = stripPath(exchange.path);
  const onPath = load().operations.filter((o) => o.pattern.test(bare));
  const found = onPath.find((o) => o.method === exchange.method.toUpperCase());
  if (!found) return fallbackProblems(exchange, [...new Set(onPath.map((o) => o.method))]);
  const { template, operation } = found;
  const status = String(exchange.status);
  const response = operation.responses[status];
  if (!response) {
    return [
      `${exchange.status} is not a documented status of ${operation.operationId} (documented: ${Object.keys(operation.responses).join(', ')})`,
    ];
  }
  checkedAnswers.add(`${operation.operationId} ${status}`);
  const base = ['paths', template, found.method.toLowerCase(), 'responses', status];
  const problems: string[] = [];
  for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
    const value = exchange.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`the required header ${name} is missing`);
      continue;
    }
    problems.push(
      ...schemaProblems(
        [...base, 'headers', name, 'schema'],
        headerValue(value, header.schema as Json),
        `header ${name}`,
      ),
    );
  }
  const content = response.content as Record<string, Json> | undefined;
  if (!content) {
    if (exchange.text !== '') problems.push('a body where the document says there is none');
    return problems;
  }
  const mediaType = (exchange.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!content[mediaType]) {
    return [
      ...problems,
      `content type "${mediaType}" is not documented (documented: ${Object.keys(content).join(', ')})`,
    ];
  }
  if (mediaType === 'application/jsonl') {
    // JSON Lines: each line one value of the schema, each ending in a newline.
    if (exchange.text !== '' && !exchange.text.endsWith('\n'))
      problems.push('the last line does not end in a newline');
    for (const [i, line] of exchange.text.split('\n').slice(0, -1).entries()) {
      const value = jsonBody(line);
      if (value.problem) problems.push(`line ${i + 1}: ${value.problem}`);
      else
        problems.push(
          ...schemaProblems([...base, 'content', mediaType, 'schema'], value.value, `line ${i + 1}`),
        );
    }
    return problems;
  }
  const body = jsonBody(exchange.text);
  if (body.problem) return [...problems, body.problem];
  return [...problems, ...schemaProblems([...base, 'content', mediaType, 'schema'], body.value, 'body')];
}

/** Throws, naming every difference, when the answer is not what the document says. */
export function expectDocumented(exchange: Exchange): void {
  const problems = contractProblems(exchange);
  if (problems.length === 0) return;
  throw new Error(
    `${exchange.method} ${exchange.path} → ${exchange.status} does not match the OpenAPI document:\n  ${problems.join('\n  ')}\n  body: ${exchange.text.slice(0, 300)}`,
  );
}
