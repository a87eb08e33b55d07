// Which precompressed copy of a web file to send (plugins/web-app.ts): brotli before gzip, as Accept-Encoding allows.

export type Encoding = 'br' | 'gzip';

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
