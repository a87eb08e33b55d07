// Input no service can store is refused at the door with a 400 naming the field (issue 9 "No 5xx on any input"):
// a NUL byte anywhere (PostgreSQL text cannot hold one: it answered 500), JSON nested deeper than any body of the
// contract (a 5,000-deep search value overflowed the stack), a Basic auth header whose credentials hold a NUL.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** Deepest JSON a body may nest (the contract's deepest, a search condition's IN list, is 4 levels). */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';
const nulAt = (field: string) => AppError.onField(field, 'server.input.nulCharacter');

interface Node {
  value: object;
  depth: number;
  parent: Node | null;
  key: string;
}

const pathOf = (node: Node | null, last?: string): string => {
  const parts = last === undefined ? [] : [last];
  for (let n = node; n?.parent; n = n.parent) parts.unshift(n.key);
  return parts.join('.');
};

/**
 * The first place of a parsed JSON value that holds a NUL (in a string or a key) or nests deeper than maxDepth, as a
 * dotted field path (`conditions.0.value`), or null. Iterative, so a hostile depth cannot overflow the stack; strings
 * are checked in place and only containers are queued (a search body of 20,000 values walks in well under 1 ms).
 */
export function findBadJson(value: unknown, maxDepth = MAX_JSON_DEPTH): { field: string; problem: 'nul' | 'depth' } | null {
  if (typeof value === 'string') return value.includes(NUL) ? { field: 'body', problem: 'nul' } : null;
  if (value === null || typeof value !== 'object') return null;
  const stack: Node[] = [{ value, depth: 0, parent: null, key: '' }];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (node.depth >= maxDepth) return { field: pathOf(node), problem: 'depth' };
    const entries: Iterable<[string | number, unknown]> = Array.isArray(node.value)
      ? node.value.entries()
      : Object.entries(node.value);
    for (const [k, item] of entries) {
      const key = String(k);
      if (key.includes(NUL)) return { field: pathOf(node, key.replaceAll(NUL, '\\0')), problem: 'nul' };
      if (typeof item === 'string') {
        if (item.includes(NUL)) return { field: pathOf(node, key), problem: 'nul' };
      } else if (item !== null && typeof item === 'object') {
        stack.push({ value: item, depth: node.depth + 1, parent: node, key });
      }
    }
  }
  return null;
}

function checkStrings(source: unknown): void {
  if (!source || typeof source !== 'object') return;
  for (const [name, value] of Object.entries(source)) {
    const values = Array.isArray(value) ? value : [value];
    if (name.includes(NUL) || values.some((x) => typeof x === 'string' && x.includes(NUL))) {
      // A wildcard route's rest of the path ('*') is the URL itself.
      throw nulAt(name === '*' ? 'url' : name.replaceAll(NUL, '\\0'));
    }
  }
}

/** Basic credentials as sent (base64 of email:password), decoded; null when the header is not Basic. */
function basicCredentials(header: string | undefined): string | null {
  if (!header || !/^basic /i.test(header)) return null;
  return Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
}

/** Refuses a NUL in the path parameters, the query string, a header or Basic credentials. */
export function checkRequestLine(request: FastifyRequest): void {
  // Path parameters and the query come decoded; a NUL anywhere else in the URL (a route not found) is named 'url'.
  checkStrings(request.params);
  checkStrings(request.query);
  for (const [name, value] of Object.entries(request.headers)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((x) => typeof x === 'string' && x.includes(NUL))) throw nulAt(name);
  }
  if (basicCredentials(request.headers.authorization)?.includes(NUL)) throw nulAt('authorization');
  if (request.url.includes(NUL) || /%00/i.test(request.url)) throw nulAt('url');
}

export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  // First of all hooks (before the auth hook of each route): bad bytes are refused before anything reads them.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkRequestLine(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  // Fastify's own JSON parser (prototype poisoning refused), then the NUL and depth checks on what it parsed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (err: Error | null, parsed?: unknown) => {
      if (err) return done(err, undefined);
      const bad = findBadJson(parsed);
      if (!bad) return done(null, parsed);
      if (bad.problem === 'nul') return done(nulAt(bad.field), undefined);
      return done(AppError.onField(bad.field, 'server.input.tooDeep', { values: { max: MAX_JSON_DEPTH } }), undefined);
    });
  });
});
