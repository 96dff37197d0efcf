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
    expect(() => config({ UPLOAD_IDLE_TIMEOUT_MS: '10' })).toThrow(/UPLOAD_IDLE_TIMEOUT_MS="10": .*at least 100/)
  })

  it('settles account changes a crash left only after any request that made them has ended', () => {
    expect(config({}).identityReconcile).toEqual({ graceMs: 600_000, intervalMs: 60_000 })
    expect(
      config({ IDENTITY_PENDING_GRACE_MS: '20000', IDENTITY_RECONCILE_INTERVAL_MS: '0' }).identityReconcile,
    ).toEqual({ graceMs: 20_000, intervalMs: 0 })
    expect(() => config({ IDENTITY_PENDING_GRACE_MS: '15000' })).toThrow(
      /IDENTITY_PENDING_GRACE_MS=15000: must be longer than REQUEST_TIMEOUT_MS \(15000\)/,
    )
  })

  it('cuts off an upload body that stops arriving after 30 s by default, or UPLOAD_IDLE_TIMEOUT_MS', () => {
    expect(config({}).uploadIdleTimeoutMs).toBe(30_000)
    expect(config({ UPLOAD_IDLE_TIMEOUT_MS: '5000' }).uploadIdleTimeoutMs).toBe(5000)
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

  describe('the card provider', () => {
    const KEY = 'sk_test_51QvXyZ0000000000000000000000'
    const SECRET = 'whsec_0123456789abcdef0123456789abcdef'

    it('is the simulated provider without Stripe keys, and Stripe with both', () => {
      expect(config({}).payments).toEqual({ provider: 'simulated' })
      expect(config({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: ' ' }).payments).toEqual({ provider: 'simulated' })
      expect(config({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET }).payments).toEqual({
        provider: 'stripe',
        secretKey: KEY,
        webhookSecret: SECRET,
        mode: 'test',
      })
      for (const [key, mode] of [
        ['sk_live_51QvXyZ0000', 'live'],
        ['rk_test_51QvXyZ0000', 'test'],
        ['rk_live_51QvXyZ0000', 'live'],
      ] as const) {
        expect(config({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: SECRET }).payments).toMatchObject({ mode })
      }
    })

    it('takes a stand-in for the API with its port and protocol', () => {
      const stripe = { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET }
      expect(
        config({ ...stripe, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '12111', STRIPE_API_PROTOCOL: 'http' })
          .payments,
      ).toMatchObject({
        provider: 'stripe',
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      })
      expect(config({ ...stripe, STRIPE_API_HOST: 'stripe-mock' }).payments).toMatchObject({
        api: { host: 'stripe-mock', port: undefined, protocol: 'https' },
      })
    })

    it('needs both keys, or neither', () => {
      expect(() => config({ STRIPE_SECRET_KEY: KEY })).toThrow(
        /STRIPE_WEBHOOK_SECRET is not set: Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together/,
      )
      expect(() => config({ STRIPE_WEBHOOK_SECRET: SECRET })).toThrow(/STRIPE_SECRET_KEY is not set/)
      expect(() => config({ STRIPE_API_HOST: '127.0.0.1' })).toThrow(
        /STRIPE_API_HOST: a stand-in for Stripe's API needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
      )
      expect(() => config({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_PORT: '12111' })).toThrow(
        /STRIPE_API_PORT: set STRIPE_API_HOST too/,
      )
    })

    it('checks the prefixes, and never prints a secret it refuses', () => {
      const wrong = () =>
        config({ STRIPE_SECRET_KEY: 'pk_test_51QvXyZpublishable', STRIPE_WEBHOOK_SECRET: 'sk_test_51QvXyZswapped' })
      expect(wrong).toThrow(ConfigError)
      expect(wrong).toThrow(
        /STRIPE_SECRET_KEY=\(hidden\): must start with sk_test_, sk_live_, rk_test_, rk_live_: .*not the publishable pk_ key/,
      )
      expect(wrong).toThrow(/STRIPE_WEBHOOK_SECRET=\(hidden\): must start with whsec_: .*signing secret/)
      const message = (() => {
        try {
          wrong()
          return ''
        } catch (error) {
          return (error as Error).message
        }
      })()
      expect(message).not.toContain('pk_test_51QvXyZpublishable')
      expect(message).not.toContain('sk_test_51QvXyZswapped')
      expect(() => config({ STRIPE_SECRET_KEY: 'sk_test_two words', STRIPE_WEBHOOK_SECRET: SECRET })).toThrow(
        /STRIPE_SECRET_KEY=\(hidden\)/,
      )
      expect(() =>
        config({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_HOST: 'http://127.0.0.1:12111' }),
      ).toThrow(/STRIPE_API_HOST="http:\/\/127.0.0.1:12111": must be a host name or address/)
      expect(() =>
        config({ STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_HOST: 'h', STRIPE_API_PORT: '0' }),
      ).toThrow(/STRIPE_API_PORT="0": must be a whole number from 1 to 65535/)
      expect(() =>
        config({
          STRIPE_SECRET_KEY: KEY,
          STRIPE_WEBHOOK_SECRET: SECRET,
          STRIPE_API_HOST: 'h',
          STRIPE_API_PROTOCOL: 'ftp',
        }),
      ).toThrow(/STRIPE_API_PROTOCOL="ftp": must be one of https, http/)
    })

    it('refuses a stand-in for the API in production, not test keys (a staging system uses them)', () => {
      const production = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'vereinsportal-prod' }
      const stripe = { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET }
      expect(refusal(config({ ...production, ...stripe, STRIPE_API_HOST: '127.0.0.1' }))).toMatch(/STRIPE_API_HOST/)
      expect(refusal(config({ ...production, ...stripe }))).toBeNull()
    })
  })
})
