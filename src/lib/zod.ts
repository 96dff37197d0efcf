import { z } from 'zod/mini'
import { zodMessage } from './i18n/zod-messages.ts'

/**
 * zod for screens and forms, configured before any of their schemas parses. Zod Mini, like the generated
 * schemas (orval.config.ts): a screen carries only the checks it uses (docs/decisions/0018-zod-mini-and-lazy-dialogs.md).
 * A form derives from a generated object as `z.object({ ...Generated.shape, field: … })`: the generated
 * objects carry their description as a check, and Zod Mini's `extend` refuses to replace keys of an object
 * with checks.
 * - without `eval`: zod compiles object parsers with `new Function` unless told not to, and its check
 *   whether it may do so is itself an eval, which the Content-Security-Policy (`script-src 'self'`, no
 *   `'unsafe-eval'`; server/security-headers.ts) blocks and reports as a violation;
 * - with German messages for every check (generated schemas carry none of their own).
 * src/ imports zod only from here (eslint `no-restricted-imports`), so the configuration travels with the
 * first schema into whichever chunk needs it, and the initial chunk carries no zod at all (route
 * parameters use src/lib/search-params.ts; docs/decisions/0017-route-params-without-zod.md).
 */
z.config({ jitless: true, customError: zodMessage })

export { z }
