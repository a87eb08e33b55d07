// zod compiles object schemas with `new Function` when it may, and first tries whether it may: under the portal's
// content security policy (no 'unsafe-eval') that try is a violation reported in the browser console. Jitless zod never
// tries. Imported first by main.tsx, before any module builds a schema. The setting is zod's global configuration
// (`z.config({ jitless: true })`), which zod keeps on globalThis so that every copy of it shares one; writing it here
// spares the first load the ~3.5 KB gzip that importing zod's core costs (zod-jitless.test.ts checks zod reads it).
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });
