/** File storage in a temporary folder, for a server made without one (tests): gone when the process exits. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDiskFiles } from './disk-store.ts'
import type { DiskFiles } from './disk-store.ts'

export const temporaryDiskFiles = (): DiskFiles => {
  const root = mkdtempSync(join(tmpdir(), 'vereinsportal-files-'))
  process.once('exit', () => rmSync(root, { recursive: true, force: true }))
  return createDiskFiles(root)
}
