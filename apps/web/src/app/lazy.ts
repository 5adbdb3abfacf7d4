import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react'

export type PageModule = { default: ComponentType }

export type PreloadableComponent = LazyExoticComponent<ComponentType> & {
  /** Starts fetching the module now; rendering later reuses the same request. */
  preload: () => Promise<PageModule>
}

/**
 * React.lazy that can also be started before it renders: the router fetches the chunk of the page
 * being opened while GET /api/user is still on its way, instead of after it.
 */
export function lazy(load: () => Promise<PageModule>): PreloadableComponent {
  let module: Promise<PageModule> | undefined
  const loadOnce = () => (module ??= load())
  return Object.assign(reactLazy(loadOnce), { preload: loadOnce })
}

export const isPreloadable = (type: unknown): type is PreloadableComponent =>
  typeof type === 'object' && type !== null && typeof (type as { preload?: unknown }).preload === 'function'
