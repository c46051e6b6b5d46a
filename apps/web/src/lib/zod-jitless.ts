import type { $ZodConfig } from 'zod/v4/core';

/**
 * zod 4 compiles object parsers with `new Function` when it may, and probes once whether it may
 * (a caught `new Function('')`) as the first object schema is built. Under the product's CSP
 * (`script-src 'self'`, no 'unsafe-eval') the probe throws and the browser reports a CSP violation
 * on every page. The interpreted parsers are what the browser ran anyway.
 *
 * This is `z.config({ jitless: true })` without importing zod: zod keeps its configuration in
 * `globalThis.__zod_globalConfig` (zod/v4/core/core.js, shared by every copy of zod in a page) and
 * adopts an object already there. Importing `config` from zod/v4/core put 3.8 KB (gzip) of zod's
 * utilities into the first download of every page, which otherwise has no zod at all (measured
 * with apps/web/scripts/bundle-size.mjs: / 129.2 → 133.1 KB). main.tsx imports this module
 * first, and ES modules run in import order, so it runs before any schema is built; the browser
 * test "no CSP violation" (e2e/tests/security-headers.spec.ts) fails if a zod upgrade moves it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
