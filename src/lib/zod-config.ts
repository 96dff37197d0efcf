/**
 * zod without `eval`: zod compiles object parsers with `new Function` unless told not to, and its check
 * whether it may do so is itself an eval, which the Content-Security-Policy (`script-src 'self'`, no
 * `'unsafe-eval'`; server/security-headers.ts) blocks and reports as a violation. Imported first by
 * main.tsx, before any schema parses.
 */
import { config } from 'zod/mini'

config({ jitless: true })
