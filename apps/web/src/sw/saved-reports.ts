/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { REPORTS_CACHE } from './cache-names'

/** A report's answer: the player's own, or one opened through a shared link. */
export const REPORT_API = /^\/api\/v1\/(videos\/\d+\/report|shared-reports\/[A-Za-z0-9_-]+)$/
/**
 * Its heatmaps (the player's own, or a shared link's): signed links, a new signature each time,
 * so the cache keys them without it.
 */
export const REPORT_IMAGE =
  /^\/api\/v1\/(media\/videos\/\d+|shared-media\/[0-9a-f-]{36})\/heatmap\//
/**
 * Report pages kept for offline reading: the public ones and the player's own, whose session the
 * app keeps while offline (the copies go at logout with the rest of the cache).
 */
export const SAVED_REPORT_PAGE = /^\/(r\/[A-Za-z0-9_-]{43}|relatorio\/exemplo|videos\/\d+)$/

const withoutSignature: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url)
    url.search = ''
    return url.href
  },
}

/**
 * A shared report that answers 404 was revoked: the copy kept for offline reading goes too, page
 * and all, so the link stops working on this device as well.
 */
const forgetRevoked: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    const shared = /^\/api\/v1\/shared-reports\/([A-Za-z0-9_-]+)$/.exec(
      new URL(request.url).pathname,
    )
    if (shared && response.status === 404) {
      const cache = await caches.open(REPORTS_CACHE)
      await Promise.all([cache.delete(request.url), cache.delete(`/r/${shared[1]}`)])
    }
    return response
  },
}

/** A shared link's image that answers 404 belongs to a revoked link: its copy goes too. */
const forgetRevokedImage: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    const url = new URL(request.url)
    if (url.pathname.startsWith('/api/v1/shared-media/') && response.status === 404) {
      url.search = ''
      await (await caches.open(REPORTS_CACHE)).delete(url.href)
    }
    return response
  },
}

/**
 * Fresh from the network whenever there is one (links are re-signed, a revoked share must stop
 * working), the last copy when there is none. Headers do not pick the copy: the token changes.
 */
export function registerSavedReports(): void {
  const options = { cacheName: REPORTS_CACHE, matchOptions: { ignoreVary: true } }
  registerRoute(
    ({ url, request }) => request.method === 'GET' && REPORT_API.test(url.pathname),
    new NetworkFirst({ ...options, plugins: [forgetRevoked] }),
  )
  registerRoute(
    ({ url }) => REPORT_IMAGE.test(url.pathname),
    new NetworkFirst({ ...options, plugins: [withoutSignature, forgetRevokedImage] }),
  )
  registerRoute(({ url }) => url.pathname.startsWith('/exemplo/'), new NetworkFirst(options))
}
