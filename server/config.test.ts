import { describe, expect, it } from 'vitest'
import { readConfig, refusal } from './config.ts'
import { ConfigError } from './env.ts'

/** What the server refuses to start with: production never runs the stand-ins of development. */
describe('the server configuration', () => {
  const config = (env: NodeJS.ProcessEnv, argv: string[] = []) => readConfig(argv, env)

  it('picks the identity: Firebase by project or emulator, else the local identity', () => {
    expect(config({}).identity).toEqual({ kind: 'local' })
    expect(config({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9479' }).identity).toEqual({
      kind: 'firebase',
      projectId: 'demo-vereinsportal',
      emulatorHost: '127.0.0.1:9479',
    })
    expect(config({ FIREBASE_PROJECT_ID: 'vereinsportal-prod' }).identity).toEqual({
      kind: 'firebase',
      projectId: 'vereinsportal-prod',
      emulatorHost: undefined,
    })
  })

  it('refuses production with the local identity, with the Auth emulator or with the test hooks', () => {
    expect(refusal(config({ NODE_ENV: 'production' }))).toMatch(/needs Firebase Auth/)
    expect(
      refusal(
        config({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9479' }),
      ),
    ).toMatch(/FIREBASE_AUTH_EMULATOR_HOST/)
    expect(refusal(config({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p' }, ['--test-hooks']))).toMatch(
      /test hooks/,
    )
    expect(refusal(config({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'vereinsportal-prod' }))).toBeNull()
    expect(refusal(config({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9479' }))).toBeNull()
    expect(refusal(config({}))).toBeNull()
  })

  it('stops on a value that is set but wrong, naming every such variable, instead of falling back', () => {
    const attempt = () =>
      config({ PORT: 'abc', RATE_LIMIT_SIGN_IN_PER_MINUTE: 'x', LOG_LEVEL: 'loud', PORTAL_DEMO: 'maybe' })
    expect(attempt).toThrow(ConfigError)
    expect(attempt).toThrow(/PORT="abc": must be a whole number from 0 to 65535/)
    expect(attempt).toThrow(/RATE_LIMIT_SIGN_IN_PER_MINUTE="x"/)
    expect(attempt).toThrow(/LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent/)
    expect(attempt).toThrow(/PORTAL_DEMO="maybe"/)
    expect(() => config({}, ['--port', '70000'])).toThrow(/PORT="70000"/)
    expect(() => config({ CORS_ORIGINS: 'https://portal.example.at, portal-dev' })).toThrow(/CORS_ORIGINS=.*portal-dev/)
    expect(() => config({ APP_ORIGIN: 'portal.example.at' })).toThrow(/APP_ORIGIN/)
  })

  it('takes the defaults for unset and empty variables, and the flags over the environment', () => {
    const defaults = config({ PORT: '', RATE_LIMIT_PUBLIC_PER_MINUTE: '' })
    expect(defaults).toMatchObject({ port: 8080, host: '127.0.0.1', rateLimits: { publicPerMinute: 300 }, demo: false })
    expect(defaults.files.dir).toMatch(/\.data\/files$/)
    expect(config({ PORT: '9000', RATE_LIMIT_PUBLIC_PER_MINUTE: '0' }, ['--port', '9100', '--demo'])).toMatchObject({
      port: 9100,
      demo: true,
      rateLimits: { publicPerMinute: 0 },
    })
    expect(config({ CORS_ORIGINS: 'https://a.example.at, https://b.example.at/' }).corsOrigins).toEqual([
      'https://a.example.at',
      'https://b.example.at',
    ])
  })
})
