/** A TCP port on 127.0.0.1 that nothing listens on right now (for servers started by tests and scripts). */
import { createServer } from 'node:net'

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
