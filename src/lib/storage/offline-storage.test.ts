import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { StorageError } from './file-storage.ts'
import { clearOfflineStorage, createOfflineStorage } from './offline-storage.ts'

const file = (text: string, type = 'text/plain') => new Blob([text], { type })

describe('the offline file storage', () => {
  it('uploads with progress, then reports metadata, a download URL, and removes the blob', async () => {
    await clearOfflineStorage()
    const storage = createOfflineStorage()
    const onProgress = vi.fn()
    const result = await storage.upload('clubs/c1/GALLERY/1-fest.txt', file('Sommerfest'), { onProgress })
    expect(result).toEqual({ path: 'clubs/c1/GALLERY/1-fest.txt', size: 10, contentType: 'text/plain' })
    const fractions = onProgress.mock.calls.map(([fraction]) => fraction as number)
    expect(fractions[0]).toBe(0)
    expect(fractions.at(-1)).toBe(1)
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b))

    expect(await storage.getMetadata('clubs/c1/GALLERY/1-fest.txt')).toMatchObject({
      size: 10,
      contentType: 'text/plain',
    })
    // happy-dom has no object URLs of its own: record what the browser would be given.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost:3000/1')
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined)
    const url = await storage.getDownloadUrl('clubs/c1/GALLERY/1-fest.txt')
    expect(url).toBe('blob:http://localhost:3000/1')
    const blob = createObjectURL.mock.calls[0]![0] as Blob
    expect(blob.type).toBe('text/plain')
    expect(await blob.text()).toBe('Sommerfest')
    expect(await storage.getDownloadUrl('clubs/c1/GALLERY/1-fest.txt')).toBe(url)
    expect(createObjectURL).toHaveBeenCalledTimes(1)

    await storage.remove('clubs/c1/GALLERY/1-fest.txt')
    expect(revokeObjectURL).toHaveBeenCalledWith(url)
    await expect(storage.getMetadata('clubs/c1/GALLERY/1-fest.txt')).rejects.toMatchObject({ code: 'not-found' })
    await expect(storage.remove('clubs/c1/GALLERY/1-fest.txt')).rejects.toBeInstanceOf(StorageError)
  })

  it('keeps blobs for a new adapter instance (a reload)', async () => {
    await clearOfflineStorage()
    await createOfflineStorage().upload('clubs/c1/LOGO/logo.png', file('png', 'image/png'))
    expect(await createOfflineStorage().getMetadata('clubs/c1/LOGO/logo.png')).toMatchObject({
      contentType: 'image/png',
      size: 3,
    })
  })

  it('cancels an upload when aborted', async () => {
    await clearOfflineStorage()
    const storage = createOfflineStorage()
    const controller = new AbortController()
    const upload = storage.upload('clubs/c1/GALLERY/2-gross.txt', file('x'.repeat(1000)), {
      signal: controller.signal,
      onProgress: (fraction) => fraction > 0 && controller.abort(),
    })
    await expect(upload).rejects.toMatchObject({ code: 'aborted' })
    await expect(storage.getMetadata('clubs/c1/GALLERY/2-gross.txt')).rejects.toMatchObject({ code: 'not-found' })
  })

  it('serves the seed’s sample files from /seed-files and never deletes them', async () => {
    // The app's static server answers /seed-files/… (public/seed-files); here a stand-in answers the HEAD.
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { headers: { 'Content-Type': 'image/png', 'Content-Length': '4356' } }))
    const storage = createOfflineStorage()
    expect(await storage.getDownloadUrl('seed/logos/logo-sportverein.png')).toBe(
      '/seed-files/logos/logo-sportverein.png',
    )
    expect(await storage.getMetadata('seed/logos/logo-sportverein.png')).toEqual({
      path: 'seed/logos/logo-sportverein.png',
      size: 4356,
      contentType: 'image/png',
    })
    expect(fetchSpy).toHaveBeenCalledWith('/seed-files/logos/logo-sportverein.png', { method: 'HEAD' })
    await expect(storage.remove('seed/logos/logo-sportverein.png')).resolves.toBeUndefined()
    await expect(storage.upload('seed/logos/x.png', file('x'))).rejects.toMatchObject({ code: 'invalid-path' })
  })

  it('refuses paths that are no plain relative keys', async () => {
    const storage = createOfflineStorage()
    for (const path of ['', '/abs', 'a//b', 'a/../b']) {
      await expect(storage.upload(path, file('x'))).rejects.toMatchObject({ code: 'invalid-path' })
    }
  })
})
