// The built SPA (apps/web/dist): its files, index.html for the client-side routes, and the JSON 404 of everything else.
// Files are served precompressed (brotli or gzip, written next to each file at build time by apps/web/vite.config.ts)
// as the browser's Accept-Encoding allows. Hashed files under /assets never change: immutable for a year; everything
// else (index.html first) is revalidated on every use with its ETag. HEAD answers as GET.
import { existsSync } from 'node:fs';
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

export default fp(
  async function webApp(app: FastifyInstance, opts: WebAppOptions) {
    const dist = opts.dist;
    const hasSpa = !!dist && existsSync(join(dist, 'index.html'));
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
        return reply.sendFile('index.html');
      }
      // HEAD names GET: its answer is GET's without the body, to the byte count.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      return reply.code(404).send({ errorCode: 'RM_ERROR_RECORD_NOT_FOUND', message: `No such route: ${method} ${path}` });
    });
  },
  { name: 'web-app' },
);
