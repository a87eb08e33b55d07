// Input no service can store is refused at the door with a 400 naming the field (issue 9 "No 5xx on any input"):
// a NUL byte anywhere (PostgreSQL text cannot hold one: it answered 500), JSON nested deeper than any body of the
// contract (a 5,000-deep search value overflowed the stack), a Basic auth header whose credentials hold a NUL.
// Issue 20 "Bad input stored": control characters (all but tab, line feed and carriage return) and lone UTF-16
// surrogates (JSON "\ud800", which PostgreSQL stored as U+FFFD) in any string of a body, path or query, and a body
// that is not UTF-8, are refused the same way rather than stored altered.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** Deepest JSON a body may nest (the contract's deepest, a search condition's IN list, is 4 levels). */
export const MAX_JSON_DEPTH = 32;

/** What is wrong with a string: a NUL, another control character, or half of a surrogate pair. */
export type BadCharacter = 'nul' | 'control' | 'surrogate';

const NUL = '\u0000';
// C0 controls but tab, LF and CR (multi-line answers keep their lines), DEL and C1; and any surrogate (checked below)
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this pattern finds
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this pattern finds
const CONTROL = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first kind of bad character in a string (NUL first: it has its own message), or null. One regex when clean. */
export function badCharacterIn(value: string): BadCharacter | null {
  if (!SUSPECT.test(value)) return null;
  if (value.includes(NUL)) return 'nul';
  if (CONTROL.test(value)) return 'control';
  return LONE_SURROGATE.test(value) ? 'surrogate' : null;
}

const MESSAGE: Record<BadCharacter, string> = {
  nul: 'server.input.nulCharacter',
  control: 'server.input.controlCharacter',
  surrogate: 'server.input.loneSurrogate',
};
const refusal = (field: string, problem: BadCharacter) => AppError.onField(field, MESSAGE[problem]);

const SUSPECT_GLOBAL = new RegExp(SUSPECT.source, 'g');
/** A key as a field name that can be printed: a NUL as \0, other bad characters as \uXXXX. */
const printableKey = (key: string): string =>
  key.replaceAll(NUL, '\\0').replace(SUSPECT_GLOBAL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

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
 * The first place of a parsed JSON value that holds a bad character (in a string or a key) or nests deeper than
 * maxDepth, as a dotted field path (`conditions.0.value`), or null. Iterative, so a hostile depth cannot overflow the
 * stack; strings are checked in place and only containers are queued (a search body of 20,000 values walks in well
 * under 1 ms).
 */
export function findBadJson(
  value: unknown,
  maxDepth = MAX_JSON_DEPTH,
): { field: string; problem: BadCharacter | 'depth' } | null {
  if (typeof value === 'string') {
    const problem = badCharacterIn(value);
    return problem ? { field: 'body', problem } : null;
  }
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
      const keyProblem = badCharacterIn(key);
      if (keyProblem) return { field: pathOf(node, printableKey(key)), problem: keyProblem };
      if (typeof item === 'string') {
        const problem = badCharacterIn(item);
        if (problem) return { field: pathOf(node, key), problem };
      } else if (item !== null && typeof item === 'object') {
        stack.push({ value: item, depth: node.depth + 1, parent: node, key });
      }
    }
  }
  return null;
}

/** The first string of a parsed JSON value (or key) holding U+FFFD, as a field path: where undecodable bytes were. */
function findReplacementCharacter(value: unknown): string {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof v === 'string') {
      if (v.includes('\uFFFD')) return path.join('.') || 'body';
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\uFFFD')) return [...path, k].join('.');
        stack.push({ value: item, path: [...path, k] });
      }
    }
  }
  return 'body';
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function checkStrings(source: unknown): void {
  if (!source || typeof source !== 'object') return;
  for (const [name, value] of Object.entries(source)) {
    const values = Array.isArray(value) ? value : [value];
    const problem =
      badCharacterIn(name) ?? values.map((x) => (typeof x === 'string' ? badCharacterIn(x) : null)).find(Boolean) ?? null;
    // A wildcard route's rest of the path ('*') is the URL itself.
    if (problem) throw refusal(name === '*' ? 'url' : printableKey(name), problem);
  }
}

/** Basic credentials as sent (base64 of email:password), decoded; null when the header is not Basic. */
function basicCredentials(header: string | undefined): string | null {
  if (!header || !/^basic /i.test(header)) return null;
  return Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
}

/** Refuses a bad character in the path parameters or the query string, a NUL in a header or Basic credentials. */
export function checkRequestLine(request: FastifyRequest): void {
  // Path parameters and the query come decoded; a NUL anywhere else in the URL (a route not found) is named 'url'.
  checkStrings(request.params);
  checkStrings(request.query);
  for (const [name, value] of Object.entries(request.headers)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((x) => typeof x === 'string' && x.includes(NUL))) throw refusal(name, 'nul');
  }
  if (basicCredentials(request.headers.authorization)?.includes(NUL)) throw refusal('authorization', 'nul');
  if (request.url.includes(NUL) || /%00/i.test(request.url)) throw refusal('url', 'nul');
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

  // Fastify's own JSON parser (prototype poisoning refused) on the body decoded as strict UTF-8 (a stray byte would
  // have become U+FFFD), then the character and depth checks on what it parsed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      // name the field the bad bytes are in when the rest parses (the lossy decoding marks them with U+FFFD)
      return parseJson(request, bytes.toString('utf8'), (err: Error | null, parsed?: unknown) =>
        done(AppError.onField(err ? 'body' : findReplacementCharacter(parsed), 'server.input.invalidUtf8'), undefined),
      );
    }
    parseJson(request, text, (err: Error | null, parsed?: unknown) => {
      if (err) return done(err, undefined);
      const bad = findBadJson(parsed);
      if (!bad) return done(null, parsed);
      if (bad.problem === 'depth')
        return done(AppError.onField(bad.field, 'server.input.tooDeep', { values: { max: MAX_JSON_DEPTH } }), undefined);
      return done(refusal(bad.field, bad.problem), undefined);
    });
  });
});
