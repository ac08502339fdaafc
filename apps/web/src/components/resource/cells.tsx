import { Avatar } from '@mantine/core'
import { imageUrl } from '../../lib/upload'

/** Up to two initials: 'Madinah Al Munawwarah' -> 'MA'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')
}

/** A list row's image as a round avatar; the initials of its name without one. */
export function AvatarCell({ fileName, name }: { fileName: string | null | undefined; name: string }) {
  return (
    <Avatar src={fileName ? imageUrl(fileName) : null} alt={name} radius="xl" size={36} color="ocean">
      {initials(name)}
    </Avatar>
  )
}
