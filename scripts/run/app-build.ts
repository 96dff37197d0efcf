/**
 * The app as the real stack serves it (`vite build --mode start`: .env.start, no mocks, Firebase Auth
 * against the emulator at `emulatorHost`, the API on the page's own origin, no source maps), built into
 * `buildDir` unless that build is newer than every source and was made with the same settings. Used by
 * `npm start` (scripts/run/start.ts) and the local cluster (scripts/run/cluster.ts), so both serve the
 * same build and reuse it while it is current.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

/** The Auth emulator's port `npm start` uses by default (firebase.json); another one builds elsewhere. */
export const DEFAULT_EMULATOR_PORT = 9479

/** Where the build for the emulator on `emulatorPort` lives: one per port, as the port is baked in. */
export const buildDirFor = (emulatorPort: number): string =>
  path.join(root, emulatorPort === DEFAULT_EMULATOR_PORT ? 'dist-start' : `dist-start-${emulatorPort}`)

const STAMP = '.build-stamp.json'

/** What the app is built from; the route tree is generated from src/routes, which is watched. */
const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'tsr.config.json',
  'package-lock.json',
  '.env.start',
  '.env.start.local',
  '.env.local',
  'mocks/vite-plugin.ts',
  'mocks/browser.ts',
]
const IGNORED = new Set(['routeTree.gen.ts'])

const newestSource = (): number => {
  let newest = 0
  const visit = (file: string) => {
    if (!existsSync(file)) return
    const stat = statSync(file)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) if (!IGNORED.has(entry)) visit(path.join(file, entry))
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs
  }
  for (const source of SOURCES) visit(path.join(root, source))
  return newest
}

export interface AppBuildOptions {
  /** `host:port` of the Auth emulator the app signs in at. */
  readonly emulatorHost: string
  readonly buildDir: string
  /** Build even if current (START_REBUILD=1). */
  readonly rebuild?: boolean
  /** Progress lines. */
  readonly say?: (line: string) => void
}

/** What the build bakes in: a build made with other values is rebuilt. */
const settingsOf = (emulatorHost: string) => ({
  mode: 'start',
  VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  // Values set in the environment override .env.start (Vite's rule): they belong to the build too.
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('VITE_'))),
})

/** Why the build must be made again, or null when it is current. */
const staleBecause = (options: AppBuildOptions): string | null => {
  if (options.rebuild) return 'START_REBUILD=1'
  const stampFile = path.join(options.buildDir, STAMP)
  if (!existsSync(path.join(options.buildDir, 'index.html')) || !existsSync(stampFile)) return 'no build yet'
  if (readFileSync(stampFile, 'utf8') !== JSON.stringify(settingsOf(options.emulatorHost)))
    return 'other build settings'
  if (newestSource() > statSync(stampFile).mtimeMs) return 'sources changed'
  return null
}

const run = (label: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  })
  if (result.status !== 0) throw new Error(`${label} failed (exit code ${result.status ?? result.signal}).`)
}

/** Builds the app unless its build is current; throws when the build fails. */
export const ensureAppBuild = (options: AppBuildOptions): void => {
  const say = options.say ?? ((line: string) => process.stdout.write(`${line}\n`))
  const shown = path.relative(root, options.buildDir) || options.buildDir
  const reason = staleBecause(options)
  if (!reason) {
    say(`The build in ${shown}/ is current.`)
    return
  }
  say(`Building the app into ${shown}/ (${reason}) …`)
  const started = Date.now()
  run('tsr generate', [path.join(root, 'node_modules/@tanstack/router-cli/bin/tsr.cjs'), 'generate'])
  run(
    'vite build',
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--mode',
      'start',
      '--outDir',
      options.buildDir,
      '--emptyOutDir',
      // Source maps are never served (server/static.ts); they are not even made.
      '--sourcemap',
      'false',
      '--logLevel',
      'warn',
    ],
    { VITE_FIREBASE_AUTH_EMULATOR_HOST: options.emulatorHost },
  )
  writeFileSync(path.join(options.buildDir, STAMP), JSON.stringify(settingsOf(options.emulatorHost)))
  say(`Built in ${Math.round((Date.now() - started) / 1000)} s.`)
}
