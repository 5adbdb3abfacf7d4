/**
 * Fedify is written for Node 22, which Vouched asks for, yet Node 20 runs it too (README) but for one
 * thing: importing an Ed25519 key reads the global `navigator`, which Node has only since 21. Node 20
 * gets the same object Node 21 and later define (docs/decisions/149); elsewhere this does nothing.
 */
const runtime = globalThis as { navigator?: { userAgent: string } }
if (typeof runtime.navigator === 'undefined') {
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` },
    configurable: true,
    writable: false,
    enumerable: false,
  })
}
