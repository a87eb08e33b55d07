#!/usr/bin/env node
// Deep-merges a fragment {"en": {...}, "fr": {...}} into packages/i18n/src/locales/{en,fr}.json (the web app's and
// the API's texts).
// Usage: node scripts/locale-merge.mjs fragment.json   (or - for stdin)
// Existing keys are overwritten by the fragment; nothing else is touched. Writes atomically.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(root, 'packages/i18n/src/locales');
const src = process.argv[2];
if (!src) {
  console.error('usage: node scripts/locale-merge.mjs <fragment.json|->');
  process.exit(2);
}
const fragment = JSON.parse(readFileSync(src === '-' ? 0 : src, 'utf8'));
const merge = (a, b) => {
  for (const [k, v] of Object.entries(b)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) a[k] = merge(a[k] && typeof a[k] === 'object' ? a[k] : {}, v);
    else a[k] = v;
  }
  return a;
};
for (const lang of ['en', 'fr']) {
  if (!fragment[lang]) continue;
  const file = join(localesDir, `${lang}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(merge(current, fragment[lang]), null, 2)}\n`);
  renameSync(tmp, file);
}
const flat = (o, p = '') => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [p + k]));
const en = new Set(flat(JSON.parse(readFileSync(join(localesDir, 'en.json'), 'utf8'))));
const fr = new Set(flat(JSON.parse(readFileSync(join(localesDir, 'fr.json'), 'utf8'))));
const onlyEn = [...en].filter((k) => !fr.has(k));
const onlyFr = [...fr].filter((k) => !en.has(k));
if (onlyEn.length || onlyFr.length)
  console.warn(`locale mismatch: only en: ${onlyEn.join(', ')} | only fr: ${onlyFr.join(', ')}`);
else console.log(`locales in sync (${en.size} keys)`);
