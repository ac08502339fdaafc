import { vi } from 'vitest'

export interface SentUpload {
  url: string
  file: File
  headers: Record<string, string>
}

/**
 * Replaces XMLHttpRequest with a fake upload endpoint: every send reports
 * progress 50 % and then answers with `respond(file)` (default 200 with a
 * file name made from the file's). Returns the uploads it received.
 */
export function fakeUploads(
  respond: (file: File) => { status: number; body: unknown } = (file) => ({
    status: 200,
    body: { data: { file_name: `up-${file.name}`, url: `/api/v1/images/up-${file.name}` } },
  }),
  opts: { hold?: boolean } = {},
) {
  const sent: SentUpload[] = []
  const held: Array<() => void> = []
  class FakeXhr {
    status = 0
    responseText = ''
    withCredentials = false
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private url = ''
    private headers: Record<string, string> = {}
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v
    }
    abort() {
      this.onabort?.()
    }
    send(body: FormData) {
      const file = body.get('image') as File
      sent.push({ url: this.url, file, headers: this.headers })
      const finish = () => {
        const { status, body: answer } = respond(file)
        this.status = status
        this.responseText = JSON.stringify(answer)
        this.onload?.()
      }
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 })
        if (opts.hold) held.push(finish)
        else setTimeout(finish, 0)
      }, 0)
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return { sent, release: () => held.splice(0).forEach((f) => f()) }
}

export const imageFile = (name: string, type = 'image/png', size = 1024) => {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type })
  if (size > 16) Object.defineProperty(file, 'size', { value: size })
  return file
}
