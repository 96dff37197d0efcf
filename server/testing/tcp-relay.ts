/** Test helper: a TCP relay in front of a server that a test can cut and restore, as a restart would. */
import { createServer, connect } from 'node:net'
import type { Server, Socket } from 'node:net'

/** A TCP relay to the PostgreSQL server that can refuse new connections and cut the open ones. */
export const startRelay = async (target: URL) => {
  const open = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname)
        open.add(client).add(upstream)
        const end = () => {
          client.destroy()
          upstream.destroy()
          open.delete(client)
          open.delete(upstream)
        }
        client.on('error', end).on('close', end)
        upstream.on('error', end).on('close', end)
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address()
        port = typeof address === 'object' && address ? address.port : 0
        resolve()
      })
    })
  await listen()
  return {
    url: () => {
      const url = new URL(target)
      url.hostname = '127.0.0.1'
      url.port = String(port)
      return url.toString()
    },
    /** PostgreSQL goes down: open connections end, new ones are refused (nothing listens on the port). */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        open.clear()
        if (server) server.close(() => resolve())
        else resolve()
        server = null
      }),
    /** PostgreSQL is back on the same port. */
    restore: listen,
  }
}
