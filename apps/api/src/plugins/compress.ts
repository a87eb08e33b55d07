// Compressed answers (issue 9: a fast first load on a phone; issue 21: the field's plugin, @fastify/compress, instead of
// our own hook, so that streamed answers such as a downloaded CSV document are compressed too). A text answer (JSON,
// text, CSV, SVG) of 1 KB or more goes out in brotli or gzip as the request's Accept-Encoding allows; images and PDFs
// (already compressed) and the web app's files (precompressed at build time: plugins/web-app.ts, `compress: false`
// on their routes) go out as they are. Request bodies are never decompressed (no client sends them compressed).

import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this, the encoding's overhead and the CPU it costs buy next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json|javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)/i;

export default fp(
  async function compress(app: FastifyInstance) {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_MIN_BYTES,
      // Answers built in memory up to 64 KB (every API answer of the dashboard) in one call, not through a zlib stream:
      // on 2 cores the stream's setup doubled the CPU of a compressed 10 KB answer (bench/cpu-per-request.mjs).
      syncThreshold: 64 * 1024,
      customTypes: COMPRESSIBLE,
      // Quality 5: within a few percent of the maximum on JSON at a small fraction of its time (11 is ~100× slower,
      // for files compressed once at build time).
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
    });
  },
  { name: 'compress' },
);
