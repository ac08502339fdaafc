/**
 * The floor of the image-serving bench: one file served by bare `node:http`
 * from disk with the same headers the app sends (type, length, a year of
 * caching, ETag, nosniff), no framework, no lookup, no session. Run as a child
 * process with FLOOR_FILE and FLOOR_TYPE; prints `LISTENING <port>` when ready.
 */
import fs from 'node:fs'
import http from 'node:http'

const file = process.env.FLOOR_FILE!
const type = process.env.FLOOR_TYPE ?? 'image/jpeg'
const { size } = fs.statSync(file)

const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': type,
    'content-length': size,
    'cache-control': 'public, max-age=31536000, immutable',
    etag: '"floor"',
    'x-content-type-options': 'nosniff',
  })
  fs.createReadStream(file).pipe(res)
})
server.listen(0, '127.0.0.1', () => {
  console.log(`LISTENING ${(server.address() as { port: number }).port}`)
})
