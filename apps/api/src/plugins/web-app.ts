// The built SPA (apps/web/dist): its files, index.html for the client-side routes, and the JSON 404 of everything else.
// Files are served precompressed (brotli or gzip, written next to each file at build time by apps/web/vite.config.ts)
// as the browser's Accept-Encoding allows. Hashed files under /assets never change: immutable for a year; everything
// else (index.html first) is revalidated on every use with its ETag. HEAD answers as GET.
// The addresses a first load lands on most get index.html naming their screens' chunks (first-load/pages.json, written
// by the web build: apps/web/first-load-chunks.ts), so a phone fetches them with the entry (issue 9).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

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

export default fp(
  async function webApp(app: FastifyInstance, opts: WebAppOptions) {
    const dist = opts.dist;
    const hasSpa = !!dist && existsSync(join(dist, 'index.html'));
    const firstLoad = hasSpa && dist ? firstLoadPages(dist) : new Map<string, string>();
    if (dist && hasSpa) {
      const cacheControl = (reply: FastifyReply, file: string) => {
        const inAssets = relative(dist, file).split(sep)[0] === 'assets';
        reply.header('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
      };
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: cacheControl,
        // The .br/.gz copies are chosen by Accept-Encoding, never asked for by name (dot folders such as the build
        // manifest's are not served either).
        globIgnore: ['**/*.br', '**/*.gz'],
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasSpa && isPage && !/^\/api(\/|$)/i.test(path) && !/\.[a-z0-9]+$/i.test(path)) {
        return reply.sendFile(firstLoad.get(path.length > 1 ? path.replace(/\/+$/, '') : path) ?? 'index.html');
      }
      // HEAD names GET: its answer is GET's without the body, to the byte count.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      return reply.code(404).send({ errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: `No such route: ${method} ${path}` });
    });
  },
  { name: 'web-app' },
);
