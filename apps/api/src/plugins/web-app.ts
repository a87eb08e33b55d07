// The built SPA (apps/web/dist): its files, index.html for the client-side routes, and the JSON 404 of everything else.
// Files are served precompressed (brotli or gzip, written next to each file at build time by apps/web/vite.config.ts)
// as the browser's Accept-Encoding allows. Hashed files under /assets never change: immutable for a year; everything
// else (index.html first) is revalidated on every use with its ETag. HEAD answers as GET.
// The addresses a first load lands on most get index.html naming their screens' chunks (first-load/pages.json, written
// by the web build: apps/web/first-load-chunks.ts), so a phone fetches them with the entry (issue 9).
// The files are listed at start and each is read once, on its first request, and then answered from memory: a first
// load asks for a dozen at once, and a file read per request (@fastify/static) cost ~2.4 ms of the server's thread
// each (416 answers/s against 3,900 for a route answered from memory), time every request of a first load waited in
// turn (Lighthouse's simulation adds the median of it to each simulated request: 47 ms here).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chooseEncoding } from '../lib/accept-encoding.ts';

export interface WebAppOptions {
  /** The built SPA folder; absent (API-only tests) or without index.html: only the JSON 404 remains. */
  dist?: string;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const FIRST_LOAD_DIR = 'first-load';

/** Address → its first-load page (relative to dist); none when the build wrote none or the index is unreadable. */
export function firstLoadPages(dist: string): Map<string, string> {
  const pages = new Map<string, string>();
  try {
    const index = JSON.parse(readFileSync(join(dist, FIRST_LOAD_DIR, 'pages.json'), 'utf8')) as Record<string, unknown>;
    for (const [address, file] of Object.entries(index)) {
      if (typeof file === 'string' && /^[\w-]+\.html$/.test(file) && existsSync(join(dist, FIRST_LOAD_DIR, file))) {
        pages.set(address, `${FIRST_LOAD_DIR}/${file}`);
      }
    }
  } catch {
    // No first-load pages (an older build, or none written): index.html serves every address.
  }
  return pages;
}

/**
 * An address's first-load page: its own, else that of a `…/*` entry naming its parent (one segment in place of the `*`:
 * /apply/{signupPage}, /signup/{pageName}; issue 21 §4).
 */
export function firstLoadPage(pages: Map<string, string>, address: string): string | undefined {
  const exact = pages.get(address);
  if (exact) return exact;
  const slash = address.lastIndexOf('/');
  return slash > 0 && slash < address.length - 1 ? pages.get(`${address.slice(0, slash)}/*`) : undefined;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** One file of the build in memory: its bytes as on disk and its precompressed copies, with their ETags. */
interface StaticFile {
  type: string;
  cacheControl: string;
  plain: { body: Buffer; etag: string };
  br?: { body: Buffer; etag: string };
  gzip?: { body: Buffer; etag: string };
}

/**
 * The build's servable files, by path relative to dist ('/'-separated): no dot folder, no compressed copy, and only names
 * the router takes literally (the build's names are letters, digits, `-`, `_` and `.`; a `:` or `*` would be a pattern).
 */
function listBuildFiles(dist: string): string[] {
  return (readdirSync(dist, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')) && !/\.(?:br|gz)$/.test(file))
    .filter((file) => /^[\w.\-/@~+]+$/.test(file));
}

function readStatic(dist: string, file: string): StaticFile {
  const path = join(dist, file);
  const plain = readFileSync(path);
  // A strong validator per representation: the same bytes give the same ETag on every server and after a restart.
  const tag = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
  const copy = (suffix: string, label: string) =>
    existsSync(`${path}${suffix}`) ? { body: readFileSync(`${path}${suffix}`), etag: `"${tag}-${label}"` } : undefined;
  return {
    type: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    cacheControl: file.split('/')[0] === 'assets' ? IMMUTABLE : REVALIDATE,
    plain: { body: plain, etag: `"${tag}"` },
    br: copy('.br', 'br'),
    gzip: copy('.gz', 'gz'),
  };
}

/** Whether If-None-Match names this ETag (or is `*`); weak comparison, as RFC 9110 asks for GET and HEAD. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * The build's files as listed at start, each read on its first request and kept: `send` answers one (a path relative to
 * dist) from memory, in the encoding the request accepts.
 */
function buildFiles(dist: string) {
  const files = new Map<string, StaticFile | null>(listBuildFiles(dist).map((file) => [file, null]));
  const send = (file: string, request: FastifyRequest, reply: FastifyReply) => {
    let entry = files.get(file);
    if (!entry) {
      try {
        entry = readStatic(dist, file);
      } catch {
        // gone from the folder since the server started (a rebuild under it): as if it had never been there
        return reply.code(404).send({ errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: `No such file: /${file}` });
      }
      files.set(file, entry);
    }
    const encoding = entry.br || entry.gzip ? chooseEncoding(request.headers['accept-encoding']) : null;
    const chosen = (encoding === 'br' && entry.br) || (encoding === 'gzip' && entry.gzip) || entry.plain;
    reply.header('content-type', entry.type).header('cache-control', entry.cacheControl).header('etag', chosen.etag);
    if (entry.br || entry.gzip) reply.header('vary', 'Accept-Encoding');
    if (chosen !== entry.plain) reply.header('content-encoding', chosen === entry.br ? 'br' : 'gzip');
    if (matchesEtag(request.headers['if-none-match'], chosen.etag)) {
      reply.removeHeader('content-encoding');
      return reply.code(304).send();
    }
    return reply.header('content-length', chosen.body.length).send(chosen.body);
  };
  return { names: [...files.keys()], send };
}

export default fp(
  async function webApp(app: FastifyInstance, opts: WebAppOptions) {
    const dist = opts.dist;
    const hasSpa = !!dist && existsSync(join(dist, 'index.html'));
    const firstLoad = hasSpa && dist ? firstLoadPages(dist) : new Map<string, string>();
    const build = dist && hasSpa ? buildFiles(dist) : null;
    // The copy on disk is the build's best; a file without one is sent as it is (never compressed again).
    if (build)
      for (const file of build.names)
        app.get(`/${file}`, { compress: false }, (request, reply) => build.send(file, request, reply));
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (build && isPage && !/^\/api(\/|$)/i.test(path) && !/\.[a-z0-9]+$/i.test(path)) {
        const page = firstLoadPage(firstLoad, path.length > 1 ? path.replace(/\/+$/, '') : path) ?? 'index.html';
        return build.send(page, request, reply);
      }
      // HEAD names GET: its answer is GET's without the body, to the byte count.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      return reply.code(404).send({ errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: `No such route: ${method} ${path}` });
    });
  },
  { name: 'web-app' },
);
