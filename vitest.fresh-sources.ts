// Setup of the projects that share one worker between test files (isolate: false): each file
// still starts from fresh modules of our own sources (their stores, listeners, caches), while
// what node_modules holds (viem, wagmi, React, ...) stays loaded, which is most of the import
// time. Under happy-dom the page is shared too, so what a file left in it goes as well.
import { vi } from 'vitest'

vi.resetModules()

globalThis.localStorage?.clear()
globalThis.sessionStorage?.clear()
globalThis.document?.body.replaceChildren()
