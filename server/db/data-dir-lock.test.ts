/**
 * PGlite's data directory serves one process: a second server on the same DATA_DIR is refused with a
 * message that says what to do, and a lock left by a process that is gone is taken over.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '#server/testing/free-port.ts'
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts'
import { openDatabase } from './database.ts'

const root = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const newDataDir = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-lock-'))
  dirs.push(dir)
  return dir
}

describe('the PGlite data directory', () => {
  it('refuses a second opening while the first is open, and frees it on close', { timeout: 300_000 }, async () => {
    const dataDir = path.join(newDataDir(), 'pglite')
    const database = await openDatabase({ dataDir })
    const lockFile = `${dataDir}.lock`
    expect(existsSync(lockFile)).toBe(true)
    const refused = await openDatabase({ dataDir }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DataDirInUseError)
    expect((refused as Error).message).toContain(dataDir)
    expect((refused as Error).message).toContain('PostgreSQL')
    // The first one still works.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db)).rows).toEqual([{ one: 1 }])
    await database.close()
    expect(existsSync(lockFile)).toBe(false)
    lockDataDir(dataDir).release()
  })

  it('takes over the lock of a process that is gone', () => {
    const dataDir = path.join(newDataDir(), 'pglite')
    // A pid that was a process and is one no more.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: gone, host: hostname() }))
    const lock = lockDataDir(dataDir)
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError)
    lock.release()
    expect(existsSync(`${dataDir}.lock`)).toBe(false)
  })

  it('stops a second server process on the same DATA_DIR with a message', { timeout: 300_000 }, async () => {
    const dataDir = newDataDir()
    // The first server: this process holds the data directory, as a server that opened it does.
    const lock = lockDataDir(path.join(dataDir, 'pglite'))
    try {
      const child = spawn(process.execPath, ['server/main.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(await freePort()), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      expect(code).toBe(1)
      expect(output).toContain(
        `The PGlite data directory ${path.join(dataDir, 'pglite')} is in use by process ${process.pid}`,
      )
      expect(output).toContain('stop the other process')
      expect(output).not.toContain('listening on')
    } finally {
      lock.release()
    }
  })
})
