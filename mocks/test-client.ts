/**
 * A small client for the mocked backend's own tests: real HTTP requests (fetch, answered by msw/node as
 * in any app test), signed in as a seed account where asked. The same client as the domain tests'
 * (tests/backend/client.ts), over the network interception instead of a backend under test.
 */
import { createCallClient } from '#tests/backend/client.ts'
import { idTokenFor } from './testing.ts'

export { API, ORIGIN, kindOf } from '#tests/backend/client.ts'
export type { CallOptions, CallResult } from '#tests/backend/client.ts'

export const call = createCallClient((request) => fetch(request), idTokenFor)
