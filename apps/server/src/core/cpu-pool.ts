import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Piscina } from 'piscina'
import { AppError } from './errors'
import { SERVER_ROOT } from '../server-root'

type RasterizeTask = { svg: string; width: number; fontFiles: string[]; defaultFontFamily: string }
/** Each result names the thread that produced it, so tests can tell the work left the event loop. */
type Ran<T> = T & { threadId: number }

export type CpuPool = {
  rasterize(task: RasterizeTask): Promise<Ran<{ png: Buffer }>>
  stripPdf(bytes: Buffer): Promise<Ran<{ pdf: Buffer }>>
  /** Tasks finished since the pool started. */
  readonly completed: number
  destroy(): Promise<void>
}

/** Tasks waiting for a thread beyond this are refused: a burst then meets 503s instead of growing memory. */
const MAX_QUEUE = 64

/**
 * A small pool of worker threads for work that would hold the event loop for milliseconds at a time
 * (drawing badge PNGs, rewriting PDFs). At most two threads, one core left to the event loop, and none
 * kept while idle.
 */
export function createCpuPool(): CpuPool {
  const pool = new Piscina({
    filename: pathToFileURL(path.join(SERVER_ROOT, 'src/core/cpu-worker.mjs')).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    idleTimeout: 30_000,
    maxQueue: MAX_QUEUE,
  })
  const run = async <T>(task: unknown, name: string): Promise<T> => {
    try {
      return (await pool.run(task, { name })) as T
    } catch (error) {
      if ((error as Error).message === 'Task queue is at limit') {
        throw new AppError('BUSY', SERVER_MESSAGES.busy, 503)
      }
      throw error
    }
  }
  return {
    rasterize: async (task) => {
      const { png, threadId } = await run<{ png: Uint8Array; threadId: number }>(task, 'rasterize')
      return { png: Buffer.from(png.buffer, png.byteOffset, png.byteLength), threadId }
    },
    stripPdf: async (bytes) => {
      const { pdf, threadId } = await run<{ pdf: Uint8Array; threadId: number }>({ bytes }, 'stripPdf')
      return { pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), threadId }
    },
    get completed() {
      return pool.completed
    },
    destroy: () => pool.destroy(),
  }
}
