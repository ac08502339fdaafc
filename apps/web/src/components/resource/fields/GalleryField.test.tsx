/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { field } from '../define'
import { render, screen, userEvent, waitFor } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'
import { fakeUploads, imageFile } from '../../../test-utils/fake-upload'

afterEach(() => vi.unstubAllGlobals())

describe('GalleryField', () => {
  it('keeps existing images as names without uploading them again, and removes one', async () => {
    const uploads = fakeUploads()
    const user = userEvent.setup()
    render(<FieldHarness field={field.gallery('gallery_images')} mode="edit" values={{ gallery_images: ['a.jpg', 'b.jpg'] }} />)
    const thumbs = screen.getAllByRole('img')
    expect(thumbs.map((i) => i.getAttribute('src'))).toEqual(['/api/v1/images/a.jpg', '/api/v1/images/b.jpg'])
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }))
    expect(valuesOf().gallery_images).toEqual(['b.jpg'])
    expect(uploads.sent).toHaveLength(0)
  })

  it('uploads dropped files one after another and appends their names in order', async () => {
    const uploads = fakeUploads()
    const user = userEvent.setup()
    render(<FieldHarness field={field.gallery('gallery_images')} mode="edit" values={{ gallery_images: ['a.jpg'] }} />)
    await user.upload(screen.getByLabelText('gallery_images'), [imageFile('1.png'), imageFile('2.jpg', 'image/jpeg')])
    await waitFor(() => expect(valuesOf().gallery_images).toEqual(['a.jpg', 'up-1.png', 'up-2.jpg']))
    expect(uploads.sent.map((s) => s.file.name)).toEqual(['1.png', '2.jpg'])
  })

  it('takes at most maxNew new images per save and names the ones it refused', async () => {
    const uploads = fakeUploads()
    const user = userEvent.setup({ applyAccept: false })
    render(<FieldHarness field={field.gallery('gallery_images', { maxNew: 2 })} />)
    expect(screen.getByText('Max 2 new images per save, max 5 MB each (JPEG, PNG, WebP or GIF)')).toBeTruthy()
    await user.upload(screen.getByLabelText('gallery_images'), [
      imageFile('1.png'),
      imageFile('note.txt', 'text/plain'),
      imageFile('2.png'),
      imageFile('3.png'),
    ])
    await screen.findByText(
      /note\.txt is not a JPEG, PNG, WebP or GIF image and was not added\. 3\.png was not added: at most 2 new images per save\./,
    )
    await waitFor(() => expect(valuesOf().gallery_images).toEqual(['up-1.png', 'up-2.png']))
    expect(uploads.sent).toHaveLength(2)
    // Full: the drop zone is gone.
    expect(screen.queryByLabelText('gallery_images')).toBeNull()
  })

  it('says the gallery total when it binds before the per-save count (a hotel keeps 5 in all)', async () => {
    fakeUploads()
    const user = userEvent.setup({ applyAccept: false })
    render(<FieldHarness field={field.gallery('gallery_images', { max: 2 })} />)
    expect(screen.getByText('Max 2 images, max 5 MB each (JPEG, PNG, WebP or GIF)')).toBeTruthy()
    await user.upload(screen.getByLabelText('gallery_images'), [imageFile('1.png'), imageFile('2.png'), imageFile('3.png')])
    await screen.findByText('3.png was not added: the gallery holds at most 2 images.')
    await waitFor(() => expect(valuesOf().gallery_images).toEqual(['up-1.png', 'up-2.png']))
  })
})
