/** orval's faker handlers of every tag (the fallback; see fallback.ts), from the index orval writes. */
import type { RequestHandler } from 'msw'
import * as tagMocks from '#src/api/generated/query/endpoints/index.msw.ts'

export const generatedHandlers = (): RequestHandler[] => Object.values(tagMocks).flatMap((tagMock) => tagMock())
