// issue 9 "No 5xx on any input": a property-based fuzz of EVERY route of the OpenAPI document (GET /api/docs) with
// generated bad bodies, paths, path parameters, queries and headers, signed in as a tenant and anonymous. No answer may
// be a 5xx, and every error answer must be the JSON error envelope. FUZZ_RUNS (default 5000) and FUZZ_SEED (default:
// random) are printed and can be set to replay a failure: FUZZ_SEED=123 npx vitest run --project api test/fuzz-routes.test.ts
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, DEMO_IDS, DEMO_PASSWORD } from './helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody?: JsonSchema;
  multipart: boolean;
}

/** Every operation of the OpenAPI document. */
function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: ((op.parameters as Parameter[] | undefined) ?? []).filter((p) => ['path', 'query', 'header'].includes(p.in)),
        jsonBody: content?.['application/json']?.schema,
        multipart: /upload/i.test(path) || !!content?.['multipart/form-data'],
      });
    }
  }
  return ops;
}

// ------------------------------------------------------------------ values
const ids = Object.values(DEMO_IDS);
const RECORD_TYPES = [
  'property_lease',
  'PROPERTY_LEASE',
  'open_charge',
  'payment_transaction',
  'document',
  'customer',
  'payment_method',
  'address',
];
const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\r\nX-Injected: 1',
  '\u202Eevil',
  '\u200B',
  '\uFEFF',
  '\uD800',
  '😀',
  "' OR 1=1 --",
  '"; DROP TABLE customers; --',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '0000-00-00',
  '2024-02-30',
  '9999-12-31',
  '1970-01-01T00:00:00Z',
  'x'.repeat(300),
  'y'.repeat(70_000),
  'TYPE_CREDIT_CARD',
  'TYPE_PROPERTY_LEASE',
  'EQUALS',
  'IN',
  'LIKE',
  'CA',
  'US',
  'fr',
  'true',
  'A1A 1A1',
  '4242424242424242',
  '4000000000000002',
  '12/30',
  '123',
  'Ann Lee',
  'someone@example.org',
  ...ids,
  ...RECORD_TYPES,
];
const stringArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...ids).map((id) => `${id}\u0000`) },
);
const numberArb = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 0.001, 1.005, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, 100_000.01, 12, 2099),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/**
 * A value for a JSON schema. 'valid' follows the schema (enums, lengths, ranges, required keys) so the request gets
 * past validation into the services, with now and then one hostile subtree; 'hostile' keeps the shape loosely and
 * fills it with hostile leaves, wrong types and nulls.
 */
function valueFor(schema: JsonSchema | undefined, mode: 'valid' | 'hostile', key = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson;
  if (mode === 'valid') {
    return fc.oneof(
      { weight: 7, arbitrary: shapedValueFor(schema, 'valid', key, depth) },
      { weight: 1, arbitrary: valueFor(schema, 'hostile', key, depth) },
    );
  }
  return fc.oneof(
    { weight: 8, arbitrary: shapedValueFor(schema, 'hostile', key, depth) },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

function validString(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  const fits = (v: string) => v.length >= min && v.length <= max && !v.includes('\u0000');
  const words = hostileStrings.filter(fits);
  const idLike = /id$/i.test(key) ? ids.filter(fits) : [];
  if (schema.pattern) return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), fc.constantFrom(...ids));
  return fc.oneof(
    { weight: idLike.length ? 6 : 0, arbitrary: fc.constantFrom(...(idLike.length ? idLike : ['x'])) },
    { weight: 3, arbitrary: fc.constantFrom(...(words.length ? words : ['x'.repeat(min)])) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 30)) }) },
  );
}

function shapedValueFor(schema: JsonSchema, mode: 'valid' | 'hostile', key: string, depth: number): fc.Arbitrary<unknown> {
  const valid = mode === 'valid';
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueFor(s, mode, key, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], mode, key, depth + 1);
  if (schema.enum?.length) {
    return valid
      ? fc.constantFrom(...schema.enum)
      : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: stringArb });
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return fc.dictionary(stringArb, anyJson, { maxKeys: 3 });
      const record = Object.fromEntries(props.map(([k, s]) => [k, valueFor(s, mode, k, depth + 1)]));
      const requiredKeys = (schema.required ?? []).filter((k) => k in record);
      if (valid) return fc.record(record, { requiredKeys });
      // Required keys are mostly present; any key may be missing; sometimes an unknown key or a poisoned one rides along.
      return fc
        .tuple(
          fc.record(record, { requiredKeys }),
          fc.record(record),
          fc.boolean(),
          fc.option(fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000'), { freq: 6 }),
        )
        .map(([withRequired, any, useRequired, extra]) => {
          const out: Record<string, unknown> = { ...(useRequired ? withRequired : any) };
          if (extra) Object.defineProperty(out, extra, { value: 'x', enumerable: true });
          return out;
        });
    }
    case 'array': {
      const item = valueFor(schema.items, mode, key, depth + 1);
      const minLength = valid ? (schema.minItems ?? 0) : 0;
      const maxLength = valid ? Math.min(schema.maxItems ?? 5, 5) : 5;
      return fc.oneof(
        { weight: 6, arbitrary: fc.array(item, { minLength: Math.min(minLength, maxLength), maxLength }) },
        { weight: 1, arbitrary: fc.array(item, { minLength: 30, maxLength: 60 }) },
        { weight: valid ? 0 : 1, arbitrary: fc.constant([]) },
      );
    }
    case 'integer':
    case 'number': {
      if (!valid)
        return fc.oneof(numberArb, fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 0, (schema.maximum ?? 0) + 1));
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.oneof(
            fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100),
            fc.double({ min, max, noNaN: true }),
          );
    }
    case 'boolean':
      return valid ? fc.boolean() : fc.oneof(fc.boolean(), fc.constantFrom('true', 1, 0));
    case 'string':
      return valid ? validString(schema, key) : stringArb;
    default:
      return anyJson;
  }
}

/** A JSON value nested `depth` levels deep, as text (built as text: JSON.stringify itself overflows on deep values). */
const deepJson = (depth: number, open: string, close: string) => `${open.repeat(depth)}"x"${close.repeat(depth)}`;
const BIG_BODY = JSON.stringify({ conditions: [], padding: 'p'.repeat(1_100_000) });

type Body = { payload?: string | Buffer; contentType?: string };

function jsonBodyFor(schema: JsonSchema | undefined): fc.Arbitrary<Body> {
  const json = (v: unknown) => ({ payload: JSON.stringify(v), contentType: 'application/json' });
  return fc.oneof(
    { weight: 10, arbitrary: valueFor(schema ?? {}, 'valid').map(json) },
    { weight: 4, arbitrary: valueFor(schema ?? {}, 'hostile').map(json) },
    { weight: 2, arbitrary: anyJson.map(json) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', 'nul', '[1,]', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', '"str"', '1', 'true')
        .map((p) => ({
          payload: p,
          contentType: 'application/json',
        })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(30, 33, 200, 5000), fc.boolean()).map(([d, arrays]) => ({
        payload: `{"conditions":[{"field":"id","operator":"IN","value":${arrays ? deepJson(d, '[', ']') : deepJson(d, '{"a":', '}')}}]}`,
        contentType: 'application/json',
      })),
    },
    { weight: 1, arbitrary: fc.constant({ payload: BIG_BODY, contentType: 'application/json' }) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/xml',
            'multipart/form-data',
          ),
          fc.string(),
        )
        .map(([contentType, payload]) => ({ payload, contentType })),
    },
  );
}

const CSV = 'amount,date\n1,2024-01-01\n';
const part = (name: string, filename: string | null, body: string) =>
  `--B\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\n\r\n${body}\r\n`;
const multipartBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(
    { payload: `${part('file', 'rent.csv', CSV)}--B--`, contentType: 'multipart/form-data; boundary=B' },
    {
      payload: `--B\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
      contentType: 'multipart/form-data; boundary=B',
    },
    { payload: 'garbage', contentType: 'multipart/form-data' },
    { payload: 'garbage', contentType: 'multipart/form-data; boundary=B' },
    { payload: `${part('other', 'a.csv', CSV)}--B--`, contentType: 'multipart/form-data; boundary=B' },
    { payload: `${part('file', null, CSV)}--B--`, contentType: 'multipart/form-data; boundary=B' },
    { payload: `${part('file', 'a\u0000.csv', CSV)}--B--`, contentType: 'multipart/form-data; boundary=B' },
    { payload: `${part('file', '\u202Egnp.csv', CSV)}--B--`, contentType: 'multipart/form-data; boundary=B' },
    { payload: `${part('file', 'x'.repeat(300), CSV)}--B--`, contentType: 'multipart/form-data; boundary=B' },
    {
      payload: `${Array.from({ length: 20 }, (_, i) => part(`f${i}`, null, 'v')).join('')}--B--`,
      contentType: 'multipart/form-data; boundary=B',
    },
    {
      payload: `${part('file', 'a.csv', CSV)}${part('file', 'b.csv', CSV)}--B--`,
      contentType: 'multipart/form-data; boundary=B',
    },
    { payload: `${part('file', 'a.csv', '')}--B--`, contentType: 'multipart/form-data; boundary=B' },
    { payload: 'x', contentType: `multipart/form-data; boundary=${'b'.repeat(300)}` },
    { payload: '{}', contentType: 'application/json' },
  ),
  fc.string().map((s) => ({ payload: `${part('file', s, s)}--B--`, contentType: 'multipart/form-data; boundary=B' })),
);

const paramValue = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 4, arbitrary: stringArb });
/** A value as it goes into a URL: encoded, or with a broken percent-escape. */
const pct = (v: string) =>
  [...Buffer.from(v, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
const urlPiece = (v: string, broken: boolean) => (broken ? `${pct(v)}%E0%A4%A` : pct(v));

type Who = 'tenant' | 'anonymous' | 'garbage' | 'basic';
interface Case {
  op: Operation;
  method: string;
  who: Who;
  path: Record<string, string>;
  brokenPath: boolean;
  query: [string, string][];
  headers: Record<string, string>;
  body: Body;
}

const pathSchema = (op: Operation, name: string): JsonSchema =>
  op.parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };

/** A request that is right in every part but (now and then) one, so it gets past validation into the services. */
function cleanCase(op: Operation): fc.Arbitrary<Case> {
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    op: fc.constant(op),
    method: fc.constant(op.method),
    who: fc.constant<Who>('tenant'),
    path: fc.record(
      Object.fromEntries(
        [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
          name,
          name === 'recordType'
            ? fc.constantFrom(...RECORD_TYPES)
            : fc.oneof(fc.constantFrom(...ids), validString(pathSchema(op, name), name)),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, string>>,
    brokenPath: fc.constant(false),
    query: fc
      .tuple(...queryParams.map((p) => fc.option(valueFor(p.schema ?? { type: 'string' }, 'valid', p.name), { freq: 3 })))
      .map((values) =>
        values.flatMap((v, i) => (v === null || v === undefined ? [] : [[queryParams[i].name, String(v)] as [string, string]])),
      ),
    headers: fc.record({
      'accept-language': fc.constantFrom('fr', 'en'),
      'idempotency-key': fc.uuid(),
      'x-sms-webhook-token': fc.constant('test-sms-webhook-secret'),
    }) as fc.Arbitrary<Record<string, string>>,
    body: op.multipart
      ? multipartBody
      : valueFor(op.jsonBody ?? {}, 'valid').map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
  });
}

/** A request with hostile parts anywhere: method, credentials, path, query, headers and body. */
function hostileCase(op: Operation): fc.Arbitrary<Case> {
  return fc.record({
    op: fc.constant(op),
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant(op.method) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
    ),
    who: fc.constantFrom<Who>('tenant', 'tenant', 'tenant', 'anonymous', 'garbage', 'basic'),
    path: fc.record(
      Object.fromEntries(
        [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
          name,
          name === 'recordType' ? fc.oneof(fc.constantFrom(...RECORD_TYPES), stringArb) : paramValue,
        ]),
      ),
    ) as fc.Arbitrary<Record<string, string>>,
    brokenPath: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    query: fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...op.parameters.filter((p) => p.in === 'query').map((p) => p.name), 'page', 'x'), stringArb),
        paramValue,
      ),
      { maxLength: 4 },
    ),
    headers: fc.record(
      {
        'accept-language': fc.constantFrom('fr', 'en', 'fr-CA,fr;q=0.9', '*', '', 'x\u0000'),
        'idempotency-key': fc.oneof(
          fc.uuid(),
          stringArb.filter((s) => !/[\r\n]/.test(s)),
        ),
        'session-id': stringArb.filter((s) => !/[\r\n]/.test(s)),
        'x-sms-webhook-token': fc.constantFrom('wrong', 'test-sms-webhook-secret', '\u0000'),
        cookie: fc.constantFrom('a=b', '\u0000'),
      },
      { requiredKeys: [] },
    ) as fc.Arbitrary<Record<string, string>>,
    body: op.multipart ? multipartBody : op.jsonBody || op.method !== 'GET' ? jsonBodyFor(op.jsonBody) : fc.constant({}),
  });
}

function caseFor(ops: Operation[]): fc.Arbitrary<Case> {
  return fc.tuple(fc.constantFrom(...ops), fc.boolean()).chain(([op, clean]) => (clean ? cleanCase(op) : hostileCase(op)));
}

const basicHeaders = [
  `Basic ${Buffer.from('fuzz\u0000@example.org:Demo1234').toString('base64')}`,
  `Basic ${Buffer.from('fuzz@example.org:wrong\u0000').toString('base64')}`,
  `Basic ${Buffer.from('no-colon').toString('base64')}`,
  'Basic !!!not-base64',
  'Basic ',
  `Basic ${Buffer.from(`${'e'.repeat(5000)}@x.org:pw`).toString('base64')}`,
];

describe('fuzz: every route of the OpenAPI document', () => {
  let app: FastifyInstance;
  let token: string;
  let ops: Operation[];
  /** Signs the demo tenant in with the e-mail it has now (a fuzzed profile update may have changed it). */
  const signInTenant = async () => {
    const { rows } = await app.ctx.database.raw('SELECT email FROM customers WHERE id = $1', [DEMO_IDS.tenant]);
    const basic = Buffer.from(`${rows[0].email}:${DEMO_PASSWORD}`).toString('base64');
    const res = await app.inject({ method: 'GET', url: '/api/authorize', headers: { authorization: `Basic ${basic}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    token = await signInTenant();
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    ops = operationsOf(docs.json());
  });
  afterAll(() => app.close());

  it('reads the whole API from GET /api/docs', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(ops.some((o) => o.path === '/api/{recordType}/search')).toBe(true);
    expect(ops.some((o) => o.multipart)).toBe(true);
  });

  it(`answers no 5xx and only JSON error envelopes over ${RUNS} generated requests (FUZZ_SEED=${SEED})`, {
    timeout: 600_000,
  }, async () => {
    console.log(`fuzz-routes: FUZZ_RUNS=${RUNS} FUZZ_SEED=${SEED} (${ops.length} operations)`);
    const statuses = new Map<number, number>();
    const reasons = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        caseFor(ops),
        fc.constantFrom(...basicHeaders),
        fc.integer({ min: 1, max: 254 }),
        async (c, basic, address) => {
          const path = c.op.path.replace(/\{(\w+)\}/g, (_, name: string) => urlPiece(c.path[name] ?? '', c.brokenPath));
          const query = c.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');
          const headers: Record<string, string> = { ...c.headers };
          if (c.who === 'tenant') Object.assign(headers, auth(token));
          if (c.who === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
          if (c.who === 'basic') headers.authorization = basic;
          if (c.body.contentType) headers['content-type'] = c.body.contentType;
          const res = await app.inject({
            // Spread over many addresses, as a fuzz from the Internet would be: the sign-in throttle counts failures per
            // address, and the demo tenant must stay able to sign in again.
            remoteAddress: `198.51.100.${address}`,
            method: c.method as 'GET',
            url: query ? `${path}?${query}` : path,
            headers,
            payload: c.method === 'GET' || c.method === 'OPTIONS' ? undefined : c.body.payload,
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (process.env.FUZZ_VERBOSE && res.statusCode === 400) {
            const b = res.json();
            const reason = `${c.op.path} ${b.fieldErrors?.[0]?.field ?? ''} ${String(b.fieldErrors?.[0]?.message ?? b.message).slice(0, 40)}`;
            reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
          }
          const where = `${c.method} ${path} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], where).toMatch(/^application\/json/);
            const body = res.json();
            expect(typeof body.errorCode, where).toBe('string');
            expect(body.errorCode, where).toMatch(/^RM_ERROR_/);
            expect(typeof body.message, where).toBe('string');
            if (body.fieldErrors !== undefined) {
              expect(Array.isArray(body.fieldErrors), where).toBe(true);
              for (const f of body.fieldErrors) {
                expect(typeof f.field, where).toBe('string');
                expect(typeof f.message, where).toBe('string');
              }
            }
          }
          // A route that ends the session (sign-out, password change) must not end the fuzz: sign in again.
          if (c.who === 'tenant' && res.statusCode === 401) token = await signInTenant();
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (process.env.FUZZ_VERBOSE) console.log([...reasons].sort((a, b) => b[1] - a[1]).slice(0, 60));
    console.log(`fuzz-routes: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  });
});
