import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OVERLAY_DELAY_MS, OVERLAY_MIN_VISIBLE_MS, useDebouncedBusy } from './loading-overlay.tsx'

const Probe = ({ busy }: { busy: boolean }) => <p>{useDebouncedBusy(busy) ? 'sichtbar' : 'verborgen'}</p>

describe('the loading overlay timing', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms)
    })

  it('never shows for a request shorter than the delay (no flicker)', () => {
    const { rerender } = render(<Probe busy />)
    advance(OVERLAY_DELAY_MS - 50)
    rerender(<Probe busy={false} />)
    advance(1000)
    expect(screen.getByText('verborgen')).toBeInTheDocument()
  })

  it('shows for a longer request and stays a minimum time', () => {
    const { rerender } = render(<Probe busy />)
    advance(OVERLAY_DELAY_MS)
    expect(screen.getByText('sichtbar')).toBeInTheDocument()
    rerender(<Probe busy={false} />)
    advance(OVERLAY_MIN_VISIBLE_MS - 50)
    expect(screen.getByText('sichtbar')).toBeInTheDocument()
    advance(50)
    expect(screen.getByText('verborgen')).toBeInTheDocument()
  })
})
