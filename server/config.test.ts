import { describe, expect, it } from 'vitest'
import { readConfig, refusal } from './config.ts'

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
})
