// Issue 21 §3, the web's layers: a feature imports components/, api/, lib/ and test/, and another feature only through
// its one public entry (features/x/index.ts); never app/, which composes the features (routes, shell, guard). The
// shared layers (components/, api/, lib/, test/) import no feature and not app/. Imports, dynamic imports and the
// paths of vi.mock / importActual all count: a test that mocks another feature's file depends on its inside too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));
const SHARED = new Set(['components', 'api', 'lib', 'test']);

/** Every .ts / .tsx file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative module paths a file names: `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, `importActual('…')`. */
function relativeSpecifiers(code: string): string[] {
  const plain = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
  // apart: its type argument may hold an `import('…')` of its own
  const actual = /\bimportActual(?:<[^>]*>)?\(\s*['"](\.{1,2}\/[^'"]*)['"]/g;
  return [...code.matchAll(plain), ...code.matchAll(actual)].map((match) => match[1]);
}

/** Why `file` (relative to src/) may not import `target` (relative to src/, no extension), or null when it may. */
function violation(file: string, target: string): string | null {
  const [layer, feature] = file.split('/');
  const [targetLayer, targetFeature, ...rest] = target.split('/');
  if (layer === 'features') {
    if (targetLayer === 'app') return 'a feature imports app/';
    const entry = rest.length === 0 || (rest.length === 1 && rest[0] === 'index');
    if (targetLayer === 'features' && targetFeature !== feature && !entry)
      return `an internal file of features/${targetFeature} (import its index.ts)`;
  } else if (SHARED.has(layer) && (targetLayer === 'features' || targetLayer === 'app')) {
    return `${layer}/ is shared: it imports ${targetLayer}/`;
  }
  return null;
}

function violations(): string[] {
  const found: string[] = [];
  for (const path of sources(SRC)) {
    const file = relative(SRC, path).split('\\').join('/');
    for (const spec of relativeSpecifiers(readFileSync(path, 'utf8'))) {
      const target = relative(SRC, resolve(dirname(path), spec.replace(/\?.*$/, '')))
        .split('\\')
        .join('/')
        .replace(/\.(tsx?|jsx?)$/, '');
      const why = violation(file, target);
      if (why) found.push(`${file} → ${spec}: ${why}`);
    }
  }
  return found;
}

describe('web layers (issue 21 §3)', () => {
  it('no feature imports app/ or the inside of another feature; the shared layers import neither', () => {
    expect(violations()).toEqual([]);
  });

  it('tells a feature entry from an internal file, and a shared layer from a feature', () => {
    expect(violation('features/autopay/a.tsx', 'features/payments')).toBeNull();
    expect(violation('features/autopay/a.tsx', 'features/payments/index')).toBeNull();
    expect(violation('features/autopay/a.tsx', 'features/autopay/components/x')).toBeNull();
    expect(violation('features/autopay/a.tsx', 'lib/use-session-user')).toBeNull();
    expect(violation('features/autopay/a.tsx', 'features/payments/components/x')).toMatch(/features\/payments/);
    expect(violation('features/autopay/a.test.tsx', 'app/require-auth')).toMatch(/app\//);
    expect(violation('lib/x.ts', 'features/auth/logout-page')).toMatch(/lib\/ is shared/);
    expect(violation('app/router.tsx', 'features/auth/sign-in-page')).toBeNull();
  });

  it('reads every kind of module reference', () => {
    const code = [
      "import { a } from '../x';",
      "import './side';",
      "const m = import('../../lazy');",
      "vi.mock('../../mocked', () => ({}));",
      "await vi.importActual<typeof import('../typed')>('../actual');",
      "export { b } from './re';",
      "const s = 'not/a/module';",
    ].join('\n');
    expect(relativeSpecifiers(code).sort()).toEqual(
      ['../x', './side', '../../lazy', '../../mocked', '../typed', '../actual', './re'].sort(),
    );
  });
});
