/**
 * PostgreSQL's own client tools (pg_dump, pg_restore, psql): from PATH, else from Debian's
 * `postgresql-client-<version>` packages under /usr/lib/postgresql/<version>/bin, the newest first (pg_dump
 * reads servers up to its own version only).
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import type { Readable } from 'node:stream'
import { BackupError, withoutPassword } from './backup-format.ts'

export type PostgresTool = 'pg_dump' | 'pg_restore' | 'psql'

const DEBIAN = '/usr/lib/postgresql'

const debianBinFolders = (): string[] => {
  if (!existsSync(DEBIAN)) return []
  return readdirSync(DEBIAN)
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(DEBIAN, version, 'bin'))
}

export const findTool = (tool: PostgresTool, env: NodeJS.ProcessEnv = process.env): string => {
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean)
  for (const folder of [...onPath, ...debianBinFolders()]) {
    const candidate = join(folder, tool)
    if (existsSync(candidate)) return candidate
  }
  throw new BackupError(
    `${tool} was not found on PATH nor under ${DEBIAN}/*/bin: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer.`,
  )
}

/**
 * The connection for a tool: the URL without its password on the command line (which other users of the
 * machine can read), the password in PGPASSWORD.
 */
export const connectionOf = (url: string): { dbname: string; env: NodeJS.ProcessEnv } => {
  const password = decodeURIComponent(new URL(url).password)
  return { dbname: withoutPassword(url), env: password ? { PGPASSWORD: password } : {} }
}

export interface ToolRun {
  readonly stdout: Readable
  /** Resolves when the tool has exited with 0; rejects with its error output otherwise. */
  readonly done: Promise<void>
  readonly stdin: NodeJS.WritableStream
}

/** Starts a tool; its error output is kept for the message when it fails. */
export const runTool = (
  tool: PostgresTool,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: 'pipe' | 'ignore'; stdout?: 'pipe' | 'ignore' } = {},
): ToolRun => {
  const path = findTool(tool)
  const child = spawn(path, args, {
    env: { ...process.env, ...options.env },
    stdio: [options.stdin ?? 'ignore', options.stdout ?? 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')))
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new BackupError(`${tool} could not start: ${error.message}`)))
    child.once('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new BackupError(`${tool} failed (${signal ?? `exit code ${code}`}):\n${errors.trim()}`))
    })
  })
  return { stdout: child.stdout as Readable, stdin: child.stdin as NodeJS.WritableStream, done }
}

/** The tool's version line, e.g. `pg_dump (PostgreSQL) 16.4`. */
export const toolVersion = async (tool: PostgresTool): Promise<string> => {
  const run = runTool(tool, ['--version'], { stdout: 'pipe' })
  let text = ''
  run.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  await run.done
  return text.trim()
}
