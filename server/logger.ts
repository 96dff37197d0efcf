/** The server's structured log (pino, as Fastify uses it): one JSON object per line. */
import type { FastifyBaseLogger } from 'fastify'

export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>
