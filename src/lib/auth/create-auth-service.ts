import { authMode } from '@/lib/config'
import type { AuthService } from './auth-service'

/**
 * Loads the provider for this build. Both are dynamic imports: the offline twin is small, but the
 * Firebase SDK is large and must never be part of the initial chunk (it loads after the shell paints).
 */
export const loadAuthService = async (): Promise<AuthService> => {
  if (authMode === 'firebase') {
    const { createFirebaseAuth } = await import('./firebase-auth')
    return createFirebaseAuth()
  }
  const { createOfflineAuth } = await import('./offline-auth')
  return createOfflineAuth()
}
