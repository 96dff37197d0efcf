import type { ExternalToast } from 'sonner'

/**
 * Toasts for screens: sonner's `toast`, fetched when the first toast is raised. The shell's Toaster
 * (src/components/layout/toaster.tsx) loads sonner anyway after the first screen (or with the first
 * toast, which sonner shows once its Toaster mounts), so by the time a person's action raises a toast it
 * is there; a screen's own chunk does not carry sonner (every
 * route chunk ≤ 60 KB gzip). Toasts keep their order: each waits for the same import.
 */
const sonner = () => import('sonner').then((module) => module.toast)

const raisedListeners = new Set<() => void>()

/** Calls `listener` when a toast is raised (the shell mounts its Toaster then, if not yet). */
export const onToastRaised = (listener: () => void): (() => void) => {
  raisedListeners.add(listener)
  return () => raisedListeners.delete(listener)
}

type Raise = (message: string, options?: ExternalToast) => void

const raise =
  (kind: 'success' | 'error' | 'info'): Raise =>
  (message, options) => {
    raisedListeners.forEach((listener) => listener())
    void sonner().then((toast) => toast[kind](message, options))
  }

export const toast = {
  success: raise('success'),
  error: raise('error'),
  info: raise('info'),
}
