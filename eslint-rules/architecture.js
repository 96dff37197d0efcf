/**
 * The house rules of ../shared/architecture.md as one lint rule, so a wrong import fails `npm run lint`:
 * - imports flow down: routes → features → components, lib → api;
 * - a feature never imports another feature;
 * - src/ never imports mocks/ (main.tsx's one dynamic `enableMocking` import is allowed).
 */
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

const layerOf = (file) => {
  const rel = path.relative(root, file).split(path.sep).join('/')
  const match = /^src\/(routes|features|components|lib|api|locales)(?:\/([^/]+))?/.exec(rel)
  if (!match) return { rel, layer: rel.startsWith('src/') ? 'app' : 'outside', feature: undefined }
  return { rel, layer: match[1], feature: match[1] === 'features' ? match[2] : undefined }
}

const resolveTarget = (source, file) => {
  if (source.startsWith('@/')) return path.join(root, 'src', source.slice(2))
  if (source.startsWith('@mocks/')) return path.join(root, 'mocks', source.slice(7))
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
        if (from.layer === 'outside') return {}
        const testFile = isTest(from.rel)
        const check = (node, source) => {
          if (typeof source !== 'string') return
          // Tests beside the code use the shared test helpers and the mocked backend; the rules are about
          // what ships.
          if (testFile) return
          const target = resolveTarget(source, context.filename)
          if (!target) return
          const to = layerOf(target)
          if (to.rel.startsWith('mocks/') || to.rel === 'mocks') {
            const dynamicInMain = from.rel === 'src/main.tsx' && node.type === 'ImportExpression'
            if (!dynamicInMain) {
              context.report({ node, messageId: 'layer', data: { message: 'src/ must not import mocks/ (only main.tsx enables mocking).' } })
            }
            return
          }
          const permitted = allowed[from.layer]
          if (permitted && !permitted.includes(to.layer)) {
            context.report({ node, messageId: 'layer', data: { message: `${from.layer} must not import ${to.layer} (imports flow routes → features → components, lib → api).` } })
          }
          if (from.layer === 'features' && to.layer === 'features' && to.feature !== from.feature) {
            context.report({ node, messageId: 'layer', data: { message: `Feature "${from.feature}" must not import feature "${to.feature}"; move shared code to src/components or src/lib.` } })
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
