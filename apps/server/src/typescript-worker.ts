// A worker thread running one of our TypeScript modules. Node runs a worker's file as it is,
// and the loader the server was started with (`--import tsx`) is not there in every host (a
// test runner's own worker, the bench); tsx's API compiles the module in the new thread.
import { Worker } from 'node:worker_threads'

export function startTypeScriptWorker(module: URL, workerData: unknown): Worker {
  // The built server (dist/, scripts/build.mjs) has each worker built beside it as JavaScript.
  if (import.meta.url.endsWith('.js')) {
    const built = new URL(
      `./${module.pathname.split('/').at(-1)?.replace(/\.ts$/, '.js')}`,
      import.meta.url,
    )
    return new Worker(built, { workerData })
  }
  const source = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(module.href)}))`
  return new Worker(source, { eval: true, workerData })
}
