/**
 * `npm run size`: builds the real product (no mocks) and prints the gzip size of what the start route
 * loads first (initial JS and CSS) and of every route chunk, then checks the limits in size-budget.json:
 * the initial JS budget, no MSW or mock code anywhere, no Recharts or Firebase in the initial chunk.
 * Exits 1 when a limit is broken.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'dist-size')
const budget = JSON.parse(readFileSync(path.join(root, 'size-budget.json'), 'utf8')) as {
  initialJsKb: number
  initialCssKb: number
  routeChunkKb: number
  forbiddenInInitial: string[]
  forbiddenAnywhere: string[]
}

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['tsr', 'generate'], { cwd: root, stdio: 'ignore' })
  execFileSync('npx', ['vite', 'build', '--mode', 'production', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_MOCKS: 'false' },
  })
}

const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
const gzipKb = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length / 1000
const sourcesOf = (file: string): string[] => {
  const map = path.join(outDir, `${file}.map`)
  if (!existsSync(map)) return []
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) =>
    path.relative(root, path.resolve(path.dirname(map), source)).split(path.sep).join('/'),
  )
}

// Everything the entry pulls in statically is loaded before the first screen shows.
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)
if (!entryKey) throw new Error('No entry chunk in the manifest.')
const initial = new Set<string>()
const visit = (key: string) => {
  if (initial.has(key)) return
  initial.add(key)
  manifest[key]!.imports?.forEach(visit)
}
visit(entryKey)
const initialJs = [...initial].map((key) => manifest[key]!.file)
const initialCss = [...new Set([...initial].flatMap((key) => manifest[key]!.css ?? []))]
const initialJsKb = initialJs.reduce((sum, file) => sum + gzipKb(file), 0)
const initialCssKb = initialCss.reduce((sum, file) => sum + gzipKb(file), 0)

const problems: string[] = []
const fmt = (kb: number) => `${kb.toFixed(1).padStart(7)} KB`

console.log('\nInitial load of the start route (gzip)')
console.log(`  JS  ${fmt(initialJsKb)}  (${initialJs.length} files, budget ${budget.initialJsKb} KB)`)
console.log(`  CSS ${fmt(initialCssKb)}  (${initialCss.length} files, budget ${budget.initialCssKb} KB)`)
if (initialJsKb > budget.initialJsKb) problems.push(`initial JS ${initialJsKb.toFixed(1)} KB > ${budget.initialJsKb} KB`)
if (initialCssKb > budget.initialCssKb) problems.push(`initial CSS ${initialCssKb.toFixed(1)} KB > ${budget.initialCssKb} KB`)

const initialSources = initialJs.flatMap(sourcesOf)
for (const forbidden of budget.forbiddenInInitial) {
  if (initialSources.some((source) => source.includes(forbidden))) problems.push(`${forbidden} is in the initial chunk`)
}

// Route chunks: what each screen adds when it is opened (its own chunk plus shared chunks not yet loaded).
const routeRows = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/routes/'))
  .map(([key]) => {
    const own = new Set<string>()
    const walk = (k: string) => {
      if (own.has(k) || initial.has(k)) return
      own.add(k)
      manifest[k]!.imports?.forEach(walk)
    }
    walk(key)
    const kb = [...own].reduce((sum, k) => sum + gzipKb(manifest[k]!.file), 0)
    return { route: key.replace(/^src\/routes\//, '').replace(/\?.*$/, ''), kb }
  })
  .sort((a, b) => b.kb - a.kb)

console.log('\nRoute chunks, loaded on demand (gzip, incl. shared chunks not in the initial load)')
for (const row of routeRows) {
  console.log(`  ${fmt(row.kb)}  ${row.route}`)
  if (row.kb > budget.routeChunkKb) problems.push(`route ${row.route} ${row.kb.toFixed(1)} KB > ${budget.routeChunkKb} KB`)
}

const allJs = readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'))
const allSources = allJs.flatMap((file) => sourcesOf(`assets/${file}`))
for (const forbidden of budget.forbiddenAnywhere) {
  if (allSources.some((source) => source.includes(forbidden))) problems.push(`${forbidden} is in the production build`)
}
if (existsSync(path.join(outDir, 'mockServiceWorker.js'))) problems.push('mockServiceWorker.js is in the production build')
const totalKb = allJs.reduce((sum, file) => sum + gzipKb(`assets/${file}`), 0)
console.log(`\nAll JS of the app ${fmt(totalKb)} in ${allJs.length} files`)

if (problems.length > 0) {
  console.error(`\nSize check failed:\n  - ${problems.join('\n  - ')}`)
  process.exit(1)
}
console.log('\nSize check passed: no MSW or mock code, Recharts and Firebase load on demand.')
