import sanitizeHtml from 'sanitize-html'

/**
 * What the rich-text editor (Mantine's tiptap editor with the spec's toolbar:
 * bold, italic, underline, strike, headings 1-4, links, quotes, lists,
 * alignment) can produce, and nothing else (DESIGN §6). Anything outside the
 * list is dropped with its markup; the text of unknown tags is kept, the
 * content of script/style is not.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'a', 'blockquote', 'ul', 'ol', 'li', 'hr'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link never opens a page that can reach back into the app.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target === '_blank' ? { rel: 'noopener noreferrer nofollow' } : {}),
      },
    }),
  },
}

/** Rich text as stored: the editor's own tags and attributes only. Empty markup becomes ''. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, options).trim()
  // `<p></p>` (an emptied editor) is no content at all.
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() === '' ? '' : clean
}

/** `sanitizeRichText` for an optional field: '' and null stay null. */
export function sanitizeOptionalRichText(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null
  return sanitizeRichText(html) || null
}
