/**
 * The house rules of ../shared/architecture.md as one lint rule, so a wrong import fails `npm run lint`:
 * - imports flow down: routes → features → components, lib → api;
 * - a feature never imports another feature;
 * - src/ never imports mocks/ (main.tsx's one dynamic `enableMocking` import is allowed), domain/ or server/;
 * - domain/ (the rules) imports only itself, the generated contract code and the small shared checks
 *   src/lib/iban.ts, src/lib/file-kind.ts and src/lib/input-checks.ts: no adapter;
 * - mocks/ never imports server/; server/ imports from mocks/ only the stand-ins of the outside world it
 *   reuses in development and tests (mocks/identity, mocks/provider) and the demo seed (mocks/db/seed*,
 *   mocks/db/types.ts).
 */
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

const TOP = /^(domain|mocks|server)(\/|$)/

/** What domain/ may import from src/: the generated contract code and the small shared checks. */
const SHARED_CHECKS = new Set([
  'src/lib/iban.ts',
  'src/lib/iban',
  'src/lib/file-kind.ts',
  'src/lib/file-kind',
  'src/lib/input-checks.ts',
  'src/lib/input-checks',
])
const domainMayImport = (rel) => rel.startsWith('src/api/generated/') || SHARED_CHECKS.has(rel)

/** What server/ may import from mocks/. */
const serverMayImport = (rel) =>
  /^mocks\/(identity|provider)\//.test(rel) || /^mocks\/db\/(seed[^/]*|types\.ts)$/.test(rel)

const checkBackendImport = (fromRel, toRel) => {
  const from = TOP.exec(fromRel)?.[1]
  const to = TOP.exec(toRel)?.[1] ?? (toRel.startsWith('src/') ? 'src' : undefined)
  if (!from || !to || from === to) return null
  if (from === 'domain') {
    if (to === 'src' && domainMayImport(toRel)) return null
    return `domain/ must not import ${toRel}: the rules reach the outside only through their ports (domain/ports.ts).`
  }
  if (from === 'mocks' && to === 'server') return 'mocks/ must not import server/.'
  if (from === 'server' && to === 'mocks' && !serverMayImport(toRel)) {
    return 'server/ may import from mocks/ only the stand-ins (mocks/identity, mocks/provider) and the demo seed (mocks/db/seed*, mocks/db/types.ts).'
  }
  return null
}

const layerOf = (file) => {
  const rel = path.relative(root, file).split(path.sep).join('/')
  const match = /^src\/(routes|features|components|lib|api|locales)(?:\/([^/]+))?/.exec(rel)
  if (!match) return { rel, layer: rel.startsWith('src/') ? 'app' : 'outside', feature: undefined }
  return { rel, layer: match[1], feature: match[1] === 'features' ? match[2] : undefined }
}

const resolveTarget = (source, file) => {
  if (source.startsWith('@/')) return path.join(root, 'src', source.slice(2))
  if (source.startsWith('@mocks/')) return path.join(root, 'mocks', source.slice(7))
  if (source.startsWith('@domain/')) return path.join(root, 'domain', source.slice(8))
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source)
  return undefined
}

// The catalogue (src/locales) is data every layer may load.
const allowed = {
  routes: ['routes', 'features', 'components', 'lib', 'api', 'locales', 'app'],
  features: ['features', 'components', 'lib', 'api', 'locales'],
  components: ['components', 'lib', 'api', 'locales'],
  lib: ['lib', 'api', 'locales'],
  api: ['api'],
}

const isTest = (rel) => /\.test\.tsx?$/.test(rel)

export default {
  rules: {
    layers: {
      meta: { type: 'problem', schema: [], messages: { layer: '{{message}}' } },
      create(context) {
        const from = layerOf(context.filename)
        if (from.layer === 'outside') {
          if (!TOP.test(from.rel) || isTest(from.rel)) return {}
          const checkBackend = (node, source) => {
            if (typeof source !== 'string') return
            const target = resolveTarget(source, context.filename)
            if (!target) return
            const message = checkBackendImport(from.rel, path.relative(root, target).split(path.sep).join('/'))
            if (message) context.report({ node, messageId: 'layer', data: { message } })
          }
          return {
            ImportDeclaration: (node) => checkBackend(node, node.source.value),
            ExportNamedDeclaration: (node) => node.source && checkBackend(node, node.source.value),
            ExportAllDeclaration: (node) => checkBackend(node, node.source.value),
            ImportExpression: (node) => node.source.type === 'Literal' && checkBackend(node, node.source.value),
          }
        }
        const testFile = isTest(from.rel)
        const check = (node, source) => {
          if (typeof source !== 'string') return
          // Tests beside the code use the shared test helpers and the mocked backend; the rules are about
          // what ships.
          if (testFile) return
          const target = resolveTarget(source, context.filename)
          if (!target) return
          const to = layerOf(target)
          if (/^(domain|server)(\/|$)/.test(to.rel)) {
            context.report({
              node,
              messageId: 'layer',
              data: { message: 'src/ must not import the backends (domain/, server/).' },
            })
            return
          }
          if (to.rel.startsWith('mocks/') || to.rel === 'mocks') {
            const dynamicInMain = from.rel === 'src/main.tsx' && node.type === 'ImportExpression'
            if (!dynamicInMain) {
              context.report({
                node,
                messageId: 'layer',
                data: { message: 'src/ must not import mocks/ (only main.tsx enables mocking).' },
              })
            }
            return
          }
          const permitted = allowed[from.layer]
          if (permitted && !permitted.includes(to.layer)) {
            context.report({
              node,
              messageId: 'layer',
              data: {
                message: `${from.layer} must not import ${to.layer} (imports flow routes → features → components, lib → api).`,
              },
            })
          }
          if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
            context.report({
              node,
              messageId: 'layer',
              data: {
                message: `Feature "${from.feature}" must not import feature "${to.feature}"; move shared code to src/components or src/lib.`,
              },
            })
          }
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        }
      },
    },
  },
}
