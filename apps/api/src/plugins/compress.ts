// Compressed answers (issue 9: a fast first load on a phone): a JSON or other text answer of 1 KB or more goes out in
// brotli or gzip, as the request's Accept-Encoding allows (the dashboard's first fetches shrink from ~24 KB to ~3 KB).
// Only answers the route built in memory (a string or a buffer): streams are left alone (a downloaded document), and so
// are the web app's files, sent as the build compressed them (plugins/web-app.ts, leaveUncompressed).
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Below this, the encoding's overhead and the CPU it costs buy next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json|javascript|xml)|text\/|image\/svg\+xml)/i;

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Quality 5: within a few percent of the maximum on JSON at a small fraction of its time (the maximum, 11, takes
// ~100× longer and is for files compressed once at build time).
const brotliOptions = (size: number) => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: 5,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** The encoding to answer with: brotli before gzip, either unless refused (`q=0`); null for none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (name) weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

const uncompressed = new WeakSet<FastifyReply>();
/** This answer goes out as it is (a file the build already compressed, or chose not to). */
export function leaveUncompressed(reply: FastifyReply) {
  uncompressed.add(reply);
}

/** Adds Accept-Encoding to the answer's Vary (a shared cache must not hand a gzip answer to a client without it). */
function varyOnEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

export default fp(
  async function compress(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (uncompressed.has(reply)) return payload;
      if (reply.hasHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304) return payload;
      if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      varyOnEncoding(reply);
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < COMPRESS_MIN_BYTES) return payload;
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed = encoding === 'br' ? await brotli(body, brotliOptions(body.length)) : await gzipAsync(body);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compress' },
);
