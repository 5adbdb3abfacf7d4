import { Temporal as Polyfill } from '@js-temporal/polyfill'

/**
 * Node 20 and 22 have no global Temporal yet; fedify's types name the global one while fedify itself
 * runs on this polyfill. One value, typed as fedify expects it.
 */
export const Temporal = ((globalThis as { Temporal?: unknown }).Temporal ??
  Polyfill) as unknown as typeof globalThis.Temporal
