import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { RenderLater } from './render-later.tsx'

/** An IntersectionObserver the test drives: `enter()` reports the observed element as in view. */
const stubObserver = () => {
  const observers: Array<{ callback: IntersectionObserverCallback; element?: Element }> = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; element?: Element }
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback }
        observers.push(this.entry)
      }
      observe(element: Element) {
        this.entry.element = element
      }
      disconnect() {
        observers.splice(observers.indexOf(this.entry), 1)
      }
    },
  )
  return {
    enter: () =>
      act(() => {
        for (const { callback, element } of [...observers])
          callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver)
      }),
  }
}

const Section = () => (
  <RenderLater idleTimeout={false} placeholder={<p>Mitglieder werden geladen …</p>}>
    <table aria-label="Mitglieder" />
  </RenderLater>
)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('RenderLater', () => {
  it('shows the placeholder until the part comes near the viewport, then the part', async () => {
    const observer = stubObserver()
    await renderComponent(<Section />)
    expect(screen.getByText('Mitglieder werden geladen …')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Mitglieder' })).not.toBeInTheDocument()

    observer.enter()
    expect(await screen.findByRole('table', { name: 'Mitglieder' })).toBeInTheDocument()
    expect(screen.queryByText('Mitglieder werden geladen …')).not.toBeInTheDocument()
  })

  it('renders the part once the browser is idle, in view or not', async () => {
    stubObserver()
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 10))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle))
    await renderComponent(
      <RenderLater placeholder={<p>Dokumente werden geladen …</p>}>
        <ul aria-label="Dokumente" />
      </RenderLater>,
    )
    expect(await screen.findByRole('list', { name: 'Dokumente' })).toBeInTheDocument()
  })

  it('renders at once where the browser cannot tell what is in view', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    await renderComponent(<Section />)
    expect(screen.getByRole('table', { name: 'Mitglieder' })).toBeInTheDocument()
  })
})
