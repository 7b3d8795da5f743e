// A wallet logo that comes with an imported listing: a data: URI of a raster image (WebP, PNG or
// JPEG) whose bytes are what it says, and small. SVG is refused: served from our origin it could
// carry script, and the registry's logos are raster.

export interface ImportedImage {
  type: 'image/webp' | 'image/png' | 'image/jpeg'
  base64: string
}

/** A logo larger than this is no list icon. */
export const IMPORTED_IMAGE_MAX_BYTES = 64 * 1024

const DATA_URI = /^data:(image\/[a-z+.-]+);base64,([A-Za-z0-9+/]+={0,2})$/

function startsWith(bytes: Buffer, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte)
}

const SIGNATURES: Record<ImportedImage['type'], (bytes: Buffer) => boolean> = {
  // RIFF....WEBP
  'image/webp': (bytes) =>
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8),
  'image/png': (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]),
}

function isImportedType(type: string): type is ImportedImage['type'] {
  return type in SIGNATURES
}

export type ImageResult = { ok: true; image: ImportedImage } | { ok: false; problem: string }

export function parseImageDataUri(uri: string): ImageResult {
  const match = DATA_URI.exec(uri)
  if (!match) return { ok: false, problem: 'the image is no base64 data: URI' }
  const [, type = '', base64 = ''] = match
  if (!isImportedType(type))
    return { ok: false, problem: `the image is ${type}, not WebP, PNG or JPEG` }
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length > IMPORTED_IMAGE_MAX_BYTES) {
    return {
      ok: false,
      problem: `the image is ${bytes.length} bytes, over ${IMPORTED_IMAGE_MAX_BYTES}`,
    }
  }
  if (!SIGNATURES[type](bytes)) return { ok: false, problem: `the image's bytes are not ${type}` }
  return { ok: true, image: { type, base64 } }
}
