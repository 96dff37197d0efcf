import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { describe, expect, it } from 'vitest'
import { readConfig, refusal, s3DownloadOrigin, startupWarnings } from './config.ts'
import { ConfigError } from './env.ts'

/** A key of the right form; never a real one. */
const WEB_API_KEY = { FIREBASE_WEB_API_KEY: `AIza${'x'.repeat(35)}` }

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
    expect(
      refusal(config({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'vereinsportal-prod', ...WEB_API_KEY })),
    ).toBeNull()
    expect(refusal(config({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9479' }))).toBeNull()
    expect(refusal(config({}))).toBeNull()
  })

  it('needs the Web API key with Firebase against Google (the password check), not with the emulator', () => {
    expect(refusal(config({ FIREBASE_PROJECT_ID: 'vereinsportal-prod' }))).toMatch(/FIREBASE_WEB_API_KEY is not set/)
    expect(config({ FIREBASE_PROJECT_ID: 'vereinsportal-prod', ...WEB_API_KEY }).identity).toMatchObject({
      webApiKey: WEB_API_KEY.FIREBASE_WEB_API_KEY,
    })
    expect(() => config({ FIREBASE_PROJECT_ID: 'p', FIREBASE_WEB_API_KEY: 'secret' })).toThrow(
      /FIREBASE_WEB_API_KEY="secret": must be the Web API key/,
    )
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

  describe('with a development identity (the Auth emulator, the local identity)', () => {
    const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9479' }

    it('binds to loopback unless HOST says otherwise', () => {
      expect(config(EMULATOR).host).toBe('127.0.0.1')
      expect(config({}).host).toBe('127.0.0.1')
      expect(startupWarnings(config(EMULATOR))).toEqual([])
      expect(startupWarnings(config({}))).toEqual([])
      for (const host of ['localhost', '127.0.0.2', '::1', '[::1]'])
        expect(startupWarnings(config({ ...EMULATOR, HOST: host })), host).toEqual([])
    })

    it('warns when HOST lets other machines in: the emulator accepts unsigned tokens', () => {
      const [emulator, ...more] = startupWarnings(config({ ...EMULATOR, HOST: '0.0.0.0' }))
      expect(more).toEqual([])
      expect(emulator).toMatch(/^HOST=0\.0\.0\.0 lets other machines reach this server .*Auth emulator/)
      expect(emulator).toContain('accepts unsigned tokens')
      expect(startupWarnings(config({ HOST: '192.168.1.20' }))).toEqual([
        expect.stringMatching(/^HOST=192\.168\.1\.20 .*local identity/),
      ])
      expect(startupWarnings(config({}, ['--host', '::']))).toHaveLength(1)
      // Firebase Auth itself verifies signed tokens: any address is fine.
      expect(startupWarnings(config({ FIREBASE_PROJECT_ID: 'vereinsportal-prod', HOST: '0.0.0.0' }))).toEqual([])
    })
  })

  describe('the metrics', () => {
    const TOKEN = 'f3b1c0de9a8b7c6d5e4f3a2b1c0d9e8f'

    it('are off unless METRICS_TOKEN or METRICS_PORT is set; the listener binds to loopback', () => {
      expect(config({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined, metricsHost: '127.0.0.1' })
      expect(config({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' })).toMatchObject({
        metricsToken: TOKEN,
        metricsPort: 9464,
        metricsHost: '127.0.0.1',
      })
      expect(config({ METRICS_PORT: '9464', METRICS_HOST: '::' }).metricsHost).toBe('::')
    })

    it('refuses a short token without printing it, a host without a port, and the public port', () => {
      const short = () => config({ METRICS_TOKEN: 'geheim' })
      expect(short).toThrow(/METRICS_TOKEN=\(hidden\): must be at least 24 visible ASCII characters/)
      expect(short).not.toThrow(/geheim/)
      expect(() => config({ METRICS_TOKEN: `${TOKEN} x` })).toThrow(/METRICS_TOKEN=\(hidden\)/)
      expect(() => config({ METRICS_HOST: '0.0.0.0' })).toThrow(/METRICS_HOST is set without METRICS_PORT/)
      expect(() => config({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT=8080: must differ from PORT/)
      expect(() => config({ METRICS_PORT: '9464', METRICS_HOST: 'http://x' })).toThrow(/METRICS_HOST="http:\/\/x"/)
    })

    it('warns when the listener is open to a network without a token', () => {
      const production = { FIREBASE_PROJECT_ID: 'vereinsportal-prod', METRICS_PORT: '9464' }
      expect(startupWarnings(config({ ...production, METRICS_HOST: '0.0.0.0' }))).toEqual([
        expect.stringMatching(/^METRICS_HOST=0\.0\.0\.0 without METRICS_TOKEN: anyone who reaches port 9464/),
      ])
      expect(startupWarnings(config({ ...production, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }))).toEqual([])
      expect(startupWarnings(config(production))).toEqual([])
    })
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
      const production = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'vereinsportal-prod', ...WEB_API_KEY }
      const stripe = { STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET }
      expect(refusal(config({ ...production, ...stripe, STRIPE_API_HOST: '127.0.0.1' }))).toMatch(/STRIPE_API_HOST/)
      expect(refusal(config({ ...production, ...stripe }))).toBeNull()
    })
  })

  /**
   * Where uploads live: FILES_STORE=disk (FILES_DIR) or s3, a bucket on the S3 API with
   *   S3_BUCKET, S3_REGION (required for AWS; default us-east-1 with S3_ENDPOINT), S3_ENDPOINT,
   *   S3_PUBLIC_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (both or neither:
   *   the SDK's default credentials), S3_PREFIX, S3_DOWNLOADS (presigned | proxy, which needs FILE_LINK_SECRET).
   */
  describe('the file store', () => {
    it('is the disk by default, and a bucket with FILES_STORE=s3', () => {
      expect(config({}).files.s3).toBeUndefined()
      expect(
        config({ FILES_STORE: 's3', S3_BUCKET: 'vereinsportal-files', S3_REGION: 'eu-central-1' }).files.s3,
      ).toEqual({
        bucket: 'vereinsportal-files',
        region: 'eu-central-1',
        endpoint: undefined,
        publicEndpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
        prefix: '',
        downloads: 'presigned',
      })
      const compatible = config({
        FILES_STORE: 's3',
        S3_BUCKET: 'portal',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_PUBLIC_ENDPOINT: 'https://files.example.at',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'portal',
        S3_SECRET_ACCESS_KEY: 'geheim-geheim',
        S3_PREFIX: '/vereinsportal/prod/',
        S3_DOWNLOADS: 'proxy',
        FILE_LINK_SECRET: 'shared by every process',
      })
      expect(compatible.files.s3).toEqual({
        bucket: 'portal',
        region: 'us-east-1',
        endpoint: 'http://minio:9000',
        publicEndpoint: 'https://files.example.at',
        forcePathStyle: true,
        credentials: { accessKeyId: 'portal', secretAccessKey: 'geheim-geheim' },
        prefix: 'vereinsportal/prod/',
        downloads: 'proxy',
      })
    })

    it('lets the app show images from the bucket when links go there (CSP img-src)', () => {
      const aws = config({ FILES_STORE: 's3', S3_BUCKET: 'vereinsportal-files', S3_REGION: 'eu-central-1' })
      expect(aws.contentSources?.image).toContain('https://vereinsportal-files.s3.eu-central-1.amazonaws.com')
      const pathStyle = config({
        FILES_STORE: 's3',
        S3_BUCKET: 'portal',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example.at',
        S3_FORCE_PATH_STYLE: 'yes',
      })
      expect(pathStyle.contentSources?.image).toContain('https://files.example.at')
      expect(pathStyle.contentSources?.image).not.toContain('http://minio:9000')
      const proxied = config({
        FILES_STORE: 's3',
        S3_BUCKET: 'portal',
        S3_ENDPOINT: 'http://minio:9000',
        S3_DOWNLOADS: 'proxy',
        FILE_LINK_SECRET: 'x',
      })
      expect(proxied.contentSources?.image).toEqual(config({}).contentSources?.image)
    })

    it('expects the bucket at the origin where the SDK signs its download links', async () => {
      const cases = [
        { S3_BUCKET: 'vereinsportal-files', S3_REGION: 'eu-central-1' },
        { S3_BUCKET: 'vereinsportal-files', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: '1' },
        { S3_BUCKET: 'vereinsportal.files', S3_REGION: 'eu-central-1' },
        { S3_BUCKET: 'portal', S3_ENDPOINT: 'https://objects.example.at' },
        { S3_BUCKET: 'portal', S3_ENDPOINT: 'http://10.0.0.5:9000' },
        { S3_BUCKET: 'portal', S3_ENDPOINT: 'http://minio:9000', S3_PUBLIC_ENDPOINT: 'https://files.example.at:8443' },
      ]
      for (const variables of cases) {
        const s3 = config({ FILES_STORE: 's3', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key', ...variables })
          .files.s3!
        const client = new S3Client({
          region: s3.region,
          endpoint: s3.publicEndpoint ?? s3.endpoint,
          forcePathStyle: s3.forcePathStyle,
          credentials: s3.credentials!,
        })
        const url = await getSignedUrl(
          client,
          new GetObjectCommand({ Bucket: s3.bucket, Key: 'clubs/c/GALLERY/x.jpg' }),
        )
        expect(s3DownloadOrigin(s3), JSON.stringify(variables)).toBe(new URL(url).origin)
      }
    })

    it('names what is missing or wrong, and never shows the secret key', () => {
      expect(() => config({ FILES_STORE: 'bucket' })).toThrow(/FILES_STORE="bucket": must be one of disk, s3/)
      expect(() => config({ FILES_STORE: 's3', S3_REGION: 'eu-central-1' })).toThrow(/S3_BUCKET is not set/)
      expect(() => config({ FILES_STORE: 's3', S3_BUCKET: 'Vereinsportal_Files', S3_REGION: 'eu-central-1' })).toThrow(
        /S3_BUCKET="Vereinsportal_Files": must be a bucket name/,
      )
      expect(() => config({ FILES_STORE: 's3', S3_BUCKET: 'portal' })).toThrow(/S3_REGION is not set/)
      expect(() => config({ FILES_STORE: 's3', S3_BUCKET: 'portal', S3_ENDPOINT: 'minio:9000' })).toThrow(
        /S3_ENDPOINT="minio:9000": must be an http\(s\) URL/,
      )
      const halfKeys = () =>
        config({
          FILES_STORE: 's3',
          S3_BUCKET: 'portal',
          S3_REGION: 'eu-central-1',
          S3_SECRET_ACCESS_KEY: 'top-secret',
        })
      expect(halfKeys).toThrow(/S3_ACCESS_KEY_ID is not set: give S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/)
      expect(halfKeys).not.toThrow(/top-secret/)
      expect(() =>
        config({ FILES_STORE: 's3', S3_BUCKET: 'portal', S3_REGION: 'eu-central-1', S3_PREFIX: 'a/../b' }),
      ).toThrow(/S3_PREFIX="a\/..\/b"/)
      expect(() =>
        config({ FILES_STORE: 's3', S3_BUCKET: 'portal', S3_REGION: 'eu-central-1', S3_DOWNLOADS: 'proxy' }),
      ).toThrow(/FILE_LINK_SECRET is not set: with S3_DOWNLOADS=proxy/)
      expect(() => config({ S3_BUCKET: 'portal' })).toThrow(/S3_BUCKET: set FILES_STORE=s3/)
    })
  })
})
