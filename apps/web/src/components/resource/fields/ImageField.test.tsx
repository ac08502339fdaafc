/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { field } from '../define'
import { act, render, screen, userEvent, waitFor } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'
import { fakeUploads, imageFile } from '../../../test-utils/fake-upload'

const featured = field.image('featured_image')
afterEach(() => vi.unstubAllGlobals())

describe('ImageField', () => {
  it('uploads a chosen image with progress and keeps the file name the server gave', async () => {
    const uploads = fakeUploads(undefined, { hold: true })
    const user = userEvent.setup()
    render(<FieldHarness field={featured} />)
    expect(screen.getByText('Max 1 image, max 5 MB (JPEG, PNG, WebP or GIF)')).toBeTruthy()
    await user.upload(screen.getByLabelText('featured_image'), imageFile('kaaba.png'))
    await screen.findByText('Uploading… 50%')
    expect(valuesOf().featured_image).toBeNull()
    act(() => uploads.release())
    await waitFor(() => expect(valuesOf().featured_image).toBe('up-kaaba.png'))
    expect(uploads.sent).toHaveLength(1)
    expect(uploads.sent[0]!.url).toBe('/api/v1/actions_gallery/upload')
    expect(uploads.sent[0]!.headers['X-Requested-With']).toBe('XMLHttpRequest')
    expect(screen.queryByText(/Uploading/)).toBeNull()
  })

  it('previews the current image on edit, replaces it and removes it', async () => {
    fakeUploads()
    const user = userEvent.setup()
    render(<FieldHarness field={featured} mode="edit" values={{ featured_image: 'old.jpg' }} />)
    expect(screen.getByRole('img', { name: 'featured_image' }).getAttribute('src')).toBe('/api/v1/images/old.jpg')
    await user.upload(screen.getByLabelText('featured_image: Replace'), imageFile('new.webp', 'image/webp'))
    await waitFor(() => expect(valuesOf().featured_image).toBe('up-new.webp'))
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(valuesOf().featured_image).toBeNull()
    expect(screen.getByText('Drop an image here or click to choose one')).toBeTruthy()
  })

  it('says why a file is refused instead of ignoring it', async () => {
    const uploads = fakeUploads()
    const user = userEvent.setup({ applyAccept: false })
    render(<FieldHarness field={featured} mode="edit" values={{ featured_image: 'old.jpg' }} />)
    await user.upload(screen.getByLabelText('featured_image: Replace'), imageFile('big.jpg', 'image/jpeg', 6 * 1024 * 1024))
    await screen.findByText('big.jpg is larger than 5 MB and was not added.')
    await user.upload(screen.getByLabelText('featured_image: Replace'), imageFile('shell.php', 'application/x-php'))
    await screen.findByText('shell.php is not a JPEG, PNG, WebP or GIF image and was not added.')
    expect(uploads.sent).toHaveLength(0)
    expect(valuesOf().featured_image).toBe('old.jpg')
  })

  it('shows the server refusal (415) and keeps the previous value', async () => {
    fakeUploads(() => ({ status: 415, body: { message: 'The file is not a supported image', errors: {} } }))
    const user = userEvent.setup()
    render(<FieldHarness field={featured} />)
    await user.upload(screen.getByLabelText('featured_image'), imageFile('fake.png'))
    await screen.findByText('fake.png was not uploaded: The file is not a supported image')
    expect(valuesOf().featured_image).toBeNull()
  })
})
