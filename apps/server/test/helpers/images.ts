import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import sharp from 'sharp'

/** Small real images of each accepted type, made here (no files in the repo, no network). */
export async function makeImage(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
  return base.toFormat(format).toBuffer()
}

/** A phone-like JPEG: EXIF with a GPS position and a camera, rotated by its orientation tag. */
export async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Pilgrim X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 25/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '39/1 49/1 34/1' },
    })
    .toBuffer()
}

/** A PNG whose header declares `width` × `height` while its data is a few bytes (a decompression bomb). */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage('png', 8, 8))
  // IHDR data starts after the 8-byte signature, 4-byte length and 4-byte type.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)) >>> 0, 29)
  return png
}

/** A valid JPEG start padded with noise to `size` bytes (passes the sniff, fails the size). */
export async function jpegOfSize(size: number): Promise<Buffer> {
  const head = await makeImage('jpeg')
  return Buffer.concat([head.subarray(0, head.length - 2), randomBytes(size - head.length + 2)])
}

export interface FormPart {
  name: string
  value: string | Buffer
  filename?: string
  contentType?: string
}

/** A multipart/form-data body and its headers, byte for byte as a browser would send it. */
export function multipart(parts: FormPart[], boundary = `----tbo${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = []
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`
    if (p.filename !== undefined)
      head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}`
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  const payload = Buffer.concat(chunks)
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** One `image` file part, as the web form kit sends it. */
export const imageForm = (bytes: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  multipart([{ name: 'image', value: bytes, filename, contentType }])

/**
 * Multipart bodies that end too early (issue 31): no closing boundary, cut inside a file part, a text part
 * or a part's head. `accepted` is a file field the route takes, `foreign` one it does not.
 */
export function cutForms(jpeg: Buffer, accepted: string, foreign: string, boundary = 'XX'): Array<[string, Buffer]> {
  const head = (name: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
    (file ? `; filename="${file}"\r\nContent-Type: image/jpeg` : '') +
    '\r\n\r\n'
  const b = (...parts: Array<string | Buffer>) => Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))))
  return [
    ['cut inside a file part the route does not take', b(head(foreign, 'a.jpg'), 'abcdef')],
    ['cut inside an accepted file part', b(head(accepted, 'a.jpg'), jpeg.subarray(0, jpeg.length >> 1))],
    ['a whole image, then cut inside a text part', b(head(accepted, 'a.jpg'), jpeg, '\r\n', head('name'), 'Hot')],
    ['a whole image and no closing boundary', b(head(accepted, 'a.jpg'), jpeg, '\r\n')],
    ['cut inside a text part', b(head('name'), 'Hotel')],
    ['cut inside a part head', b(`--${boundary}\r\nContent-Disposition: form-da`)],
  ]
}

/**
 * A GIF of `frames` 16 × 16 frames (red, blue, …, 100 ms then 200 ms, looping) that carries, as a phone or an
 * editor may write them, an XMP application extension with a GPS position and a comment extension before the
 * first frame, and bytes after the trailer (issue 31).
 */
export async function gifWithMetadata(frames = 2): Promise<Buffer> {
  const colours = ['#ff0000', '#0000ff', '#00ff00']
  const pngs = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: 16, height: 16, channels: 3, background: colours[i % colours.length]! } })
        .png()
        .toBuffer(),
    ),
  )
  const gif =
    frames > 1
      ? await sharp(pngs, { join: { animated: true } })
          .gif({ loop: 0, delay: pngs.map((_, i) => (i + 1) * 100) })
          .toBuffer()
      : await sharp(pngs[0]).gif().toBuffer()
  // After the 13-byte header and the global colour table come the extensions and frames.
  const flags = gif[10]!
  const at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0)
  const blocks = (data: Buffer) => {
    const out: Buffer[] = []
    for (let i = 0; i < data.length; i += 255) out.push(Buffer.from([Math.min(255, data.length - i)]), data.subarray(i, i + 255))
    return Buffer.concat([...out, Buffer.from([0])])
  }
  const xmp = Buffer.concat([
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('XMP DataXMP'),
    blocks(Buffer.from('<x:xmpmeta><rdf:Description exif:GPSLatitude="21,25.35N" exif:GPSLongitude="39,49.57E"/></x:xmpmeta>')),
  ])
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), blocks(Buffer.from('Secret comment: Makkah hotel room 1204'))])
  return Buffer.concat([gif.subarray(0, at), xmp, comment, gif.subarray(at), Buffer.from('TRAILING-SECRET-BYTES')])
}
