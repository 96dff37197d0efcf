/**
 * The BMF's schema of the annual transmission, as the product must follow it (Stand 24.07.2024): a copy of
 * the official reference folder's file beside the domain (domain/reference/), so the tests run on any
 * machine. Every generated file is validated against it with xmllint (Debian's libxml2-utils; `.ci/run`
 * installs it).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const TRANSMISSION_SCHEMA = path.join(
  import.meta.dirname,
  '..',
  '..',
  'domain',
  'reference',
  'UebermittlungSonderausgaben_2.xsd',
)

/** xmllint's verdict on a document: null when it is valid against the schema, else its complaint. */
export const transmissionSchemaErrors = (xml: string): string | null => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'transmission-'))
  try {
    const file = path.join(scratch, 'file.xml')
    writeFileSync(file, xml)
    const result = spawnSync('xmllint', ['--noout', '--schema', TRANSMISSION_SCHEMA, file], { encoding: 'utf8' })
    if (result.error) throw new Error(`xmllint could not run (apt-get install libxml2-utils): ${result.error.message}`)
    return result.status === 0 ? null : result.stderr.trim()
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
