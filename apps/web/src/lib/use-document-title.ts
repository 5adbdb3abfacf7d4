import { useEffect } from 'react'

export const PRODUCT_NAME = 'Vouched'

/** Sets the browser tab title to "{title} · Vouched" while the page is shown. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return
    const previous = document.title
    document.title = `${title} · ${PRODUCT_NAME}`
    return () => {
      document.title = previous
    }
  }, [title])
}
