import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { z } from 'zod';

describe('zod-jitless', () => {
  it('is the setting zod reads: object schemas never try eval (a CSP violation in the browser)', () => {
    expect(z.config().jitless).toBe(true);
    const original = globalThis.Function;
    let evalTried = false;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        evalTried = true;
        return Reflect.construct(target, args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), amount: z.number() });
      expect(schema.parse({ name: 'rent', amount: 1 })).toEqual({ name: 'rent', amount: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(evalTried).toBe(false);
  });
});
