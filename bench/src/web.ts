/**
 * The web app as players download it: gzipped JavaScript of the first route and of every lazy
 * route in a production build, and Lighthouse's mobile scores (Debian Chromium, simulated slow
 * 4G and a 4× slower CPU) for /login and for /chat signed in: the score and Lighthouse's own
 * breakdown (FCP, LCP, TBT, CLS, JavaScript transferred and unused), medians of five runs.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startServer, type ServerProcess } from '../../apps/server/test/helpers/server-process'
import { prepareBase } from './base'
import { cpuTimes, fmt, machineSince, median, report, type Row } from './report'
import { onboardOnPglite, PASSWORD, signUp } from './seed'

const WEB_DIR = path.resolve(import.meta.dirname, '../../apps/web')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5))
// Every run's full Lighthouse report (JSON), for reading one in the Lighthouse viewer.
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE
const KB = 1024

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
}

function build(outDir: string, webDir = WEB_DIR): Record<string, ManifestChunk> {
  const vite = path.join(
    path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  )
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'],
    { cwd: webDir, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
  )
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`)
  return JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
}

function bundleRows(outDir: string, manifest: Record<string, ManifestChunk>): Row[] {
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(outDir, file))).length
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen
    seen.add(key)
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen)
    return seen
  }
  const jsOf = (keys: Iterable<string>) =>
    [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
  const first = closure(entryKey)
  const firstKb = jsOf(first).reduce((n, f) => n + gz(f), 0) / KB
  const rows: Row[] = [
    {
      section: 'web',
      figure: 'first route JS (entry + its imports), gzipped',
      value: `${fmt(firstKb, 1)} KB`,
      target: '≤ 170 KB',
      pass: firstKb <= 170,
    },
  ]
  const lazy = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry)
    .map((k) => {
      const own = [...closure(k)].filter((d) => !first.has(d))
      return {
        name: path.basename(manifest[k]!.src ?? k),
        kb: jsOf(own).reduce((n, f) => n + gz(f), 0) / KB,
      }
    })
    .sort((a, b) => b.kb - a.kb)
  for (const route of lazy) {
    rows.push({
      section: 'web',
      figure: `lazy route ${route.name}, gzipped (beyond the first route)`,
      value: `${fmt(route.kb, 1)} KB`,
      target: '≤ 60 KB',
      pass: route.kb <= 60,
    })
  }
  return rows
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

/** One Lighthouse run's figures, as its report states them. */
interface LighthouseRun {
  performance: number
  accessibility: number
  'best-practices': number
  /** Simulated mobile metrics, ms (CLS unitless). */
  fcp: number
  lcp: number
  tbt: number
  cls: number
  speedIndex: number
  /** JavaScript transferred, KB, and the share of it Lighthouse found unused on this page. */
  jsKb: number
  /** Decoded JavaScript, KB, however it arrived. */
  jsDecodedKb: number
  unusedJsKb: number
  hostIndex: number
  /** Lighthouse's own account of where the time went, for the console. */
  breakdown: string[]
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']
type Audit = Lhr['audits'][string]
type Items = Record<string, unknown>[]

const itemsOf = (audit: Audit | undefined): Items =>
  (audit?.details as { items?: Items } | undefined)?.items ?? []

function readRun(lhr: Lhr): LighthouseRun {
  const a = lhr.audits
  const num = (id: string) => a[id]?.numericValue ?? NaN
  const script = itemsOf(a['resource-summary']).find((i) => i.resourceType === 'script')
  // A returning player's scripts come from the service worker's cache (nothing transferred):
  // their decoded size says what the page still had to parse and run.
  const scriptKb =
    itemsOf(a['network-requests'])
      .filter((i) => i.resourceType === 'Script')
      .reduce((n, i) => n + Number(i.resourceSize ?? 0), 0) / KB
  const unused = itemsOf(a['unused-javascript'])
  const unusedBytes = unused.reduce((n, i) => n + Number(i.wastedBytes ?? 0), 0)
  const kb = (bytes: number) => fmt(bytes / KB, 1)
  const breakdown: string[] = []
  // The LCP element and its phases (TTFB, load delay, load time, render delay).
  const lcpTables = itemsOf(a['largest-contentful-paint-element']) as { items?: Items }[]
  const element = lcpTables[0]?.items?.[0]?.node as
    { selector?: string; snippet?: string } | undefined
  if (element) breakdown.push(`LCP element: ${element.selector ?? ''} ${element.snippet ?? ''}`)
  const phases = (lcpTables[1]?.items ?? [])
    .map((p) => `${String(p.phase)} ${fmt(Number(p.timing), 0)} ms`)
    .join(', ')
  if (phases) breakdown.push(`LCP phases: ${phases}`)
  const mainThread = itemsOf(a['mainthread-work-breakdown'])
    .slice(0, 5)
    .map((i) => `${String(i.groupLabel ?? i.group)} ${fmt(Number(i.duration), 0)} ms`)
    .join(', ')
  if (mainThread) breakdown.push(`main thread: ${mainThread}`)
  const bootup = itemsOf(a['bootup-time'])
    .slice(0, 4)
    .map((i) => `${path.basename(String(i.url))} ${fmt(Number(i.total), 0)} ms`)
    .join(', ')
  if (bootup) breakdown.push(`script time: ${bootup}`)
  if (unused.length > 0) {
    breakdown.push(
      `unused JS: ${unused
        .map(
          (i) =>
            `${path.basename(String(i.url))} ${kb(Number(i.wastedBytes))} of ${kb(Number(i.totalBytes))} KB`,
        )
        .join(', ')}`,
    )
  }
  const blocking = itemsOf(a['render-blocking-resources'])
  if (blocking.length > 0) {
    breakdown.push(
      `render-blocking: ${blocking
        .map((i) => `${path.basename(String(i.url))} ${fmt(Number(i.wastedMs), 0)} ms`)
        .join(', ')}`,
    )
  }
  const shifts = itemsOf(a['layout-shifts'])
  if (shifts.length > 0) {
    breakdown.push(
      `layout shifts: ${shifts
        .map(
          (i) =>
            `${(i.node as { selector?: string } | undefined)?.selector ?? '?'} ${Number(i.score).toFixed(3)}`,
        )
        .join(', ')}`,
    )
  }
  return {
    ...(Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<(typeof CATEGORIES)[number], number>),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    speedIndex: num('speed-index'),
    jsKb: Number(script?.transferSize ?? 0) / KB,
    jsDecodedKb: scriptKb,
    unusedJsKb: unusedBytes / KB,
    hostIndex: lhr.environment.benchmarkIndex,
    breakdown,
  }
}

/** A build of the web app as Lighthouse opens it: its own server, database and signed-up player. */
interface Site {
  label: string
  url: string
  stop: () => Promise<void>
}

const EMAIL = 'lighthouse@example.com'
const THIS_BUILD = 'this build'

async function serve(label: string, distDir: string): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-web-'))
  const env = { LOG_LEVEL: 'warn', SERVE_WEB: '1', WEB_DIST_DIR: distDir }
  let server: ServerProcess = await startServer(dataDir, env)
  await signUp(server.url, EMAIL)
  server.child.kill('SIGTERM')
  await server.exited
  await onboardOnPglite(dataDir, [EMAIL], 40)
  server = await startServer(dataDir, env)
  const running = server
  return {
    label,
    url: server.url,
    stop: async () => {
      running.child.kill('SIGTERM')
      await running.exited
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Lighthouse on each build, runs interleaved (this build, then the base, and again), so a
 * neighbour's burst on the shared machine weighs on both alike.
 */
async function lighthouseRows(builds: { label: string; distDir: string }[]): Promise<Row[]> {
  const sites: Site[] = []
  for (const b of builds) sites.push(await serve(b.label, b.distDir))
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    /** One run of `route` on `site`; undefined when Lighthouse lost its trace. */
    const once = async (site: Site, route: string, signedIn: boolean, n: number) => {
      // A fresh session each run: a refresh token the app rotated must not be replayed.
      if (signedIn) await signIn(chrome.port, site.url, await tokensOf(site.url, EMAIL))
      const before = cpuTimes()
      const result = await lighthouse(
        `${site.url}${route}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // Signed in: the tokens are put in localStorage before the run and must stay there.
          disableStorageReset: signedIn,
        },
        undefined,
        undefined,
      )
      if (!result) throw new Error('lighthouse returned nothing')
      const lhr = result.lhr
      if (lhr.runtimeError) return undefined
      const run = readRun(lhr)
      console.log(
        `${site.label} ${route} run ${n}: score ${run.performance}, FCP ${fmt(run.fcp)} ms, LCP ${fmt(run.lcp)} ms, TBT ${fmt(run.tbt)} ms, CLS ${run.cls.toFixed(3)}, JS ${fmt(run.jsKb, 1)} KB transferred, ${fmt(run.jsDecodedKb, 1)} KB decoded (${machineSince(before)}, benchmarkIndex ${fmt(run.hostIndex)})`,
      )
      if (SAVE_DIR) {
        fs.mkdirSync(SAVE_DIR, { recursive: true })
        const name = `${site.label.replace(/\W+/g, '-')}${route.replace(/\W+/g, '-')}-${n}.json`
        fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr))
      }
      return run
    }
    const measure = async (route: string, signedIn = false) => {
      const runs = sites.map(() => [] as LighthouseRun[])
      // Lighthouse now and then loses its own trace (NO_NAVSTART): such a run measured nothing and
      // is made again, twice at most.
      for (let attempt = 0; attempt < RUNS + 2; attempt++) {
        for (const [i, site] of sites.entries()) {
          if (runs[i]!.length >= RUNS) continue
          const run = await once(site, route, signedIn, runs[i]!.length + 1)
          if (run) runs[i]!.push(run)
        }
        if (runs.every((r) => r.length >= RUNS)) break
      }
      for (const [i, site] of sites.entries()) {
        // Lighthouse's breakdown of the run with the median score: what a typical load spent.
        const sorted = [...runs[i]!].sort((x, y) => x.performance - y.performance)
        const typical = sorted[Math.floor((sorted.length - 1) / 2)]
        if (typical) {
          console.log(
            `${site.label} ${route}, run scoring the median:\n  ${typical.breakdown.join('\n  ')}`,
          )
        }
      }
      return runs
    }
    const rows: Row[] = []
    const add = (route: string, runs: LighthouseRun[], label: string) => {
      if (runs.length === 0) return
      // The base's rows are a reference measured beside this build, not a target of its own.
      const base = label !== THIS_BUILD
      const of = base ? ` — ${label}` : ''
      const m = (pick: (r: LighthouseRun) => number) => median(runs.map(pick))
      const range = (pick: (r: LighthouseRun) => number, digits = 0) => {
        const values = runs.map(pick)
        return `${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}`
      }
      const kb = (pick: (r: LighthouseRun) => number) => fmt(m(pick), 1)
      const score = m((r) => r.performance)
      const n = runs.length
      rows.push(
        {
          section: 'web',
          figure: `Lighthouse mobile performance ${route} (median of ${n})${of}`,
          // Lighthouse's CPU benchmark of this machine: its 4× slowdown assumes a host of about
          // 1,000 or more (it warns below), so the score moves with the machine.
          value: `${score} (runs ${range((r) => r.performance)}; host benchmarkIndex ${fmt(m((r) => r.hostIndex))})`,
          target: base ? undefined : '≥ 95',
          pass: base ? null : score >= 95,
        },
        {
          section: 'web',
          figure: `Lighthouse ${route} FCP / LCP (median of ${n})${of}`,
          value: `${fmt(m((r) => r.fcp))} / ${fmt(m((r) => r.lcp))} ms (LCP runs ${range((r) => r.lcp)})`,
          pass: null,
        },
        {
          section: 'web',
          figure: `Lighthouse ${route} TBT (median of ${n})${of}`,
          value: `${fmt(m((r) => r.tbt))} ms (runs ${range((r) => r.tbt)})`,
          pass: null,
        },
        {
          section: 'web',
          figure: `Lighthouse ${route} CLS (median of ${n})${of}`,
          value: `${m((r) => r.cls).toFixed(3)} (runs ${range((r) => r.cls, 3)})`,
          pass: null,
        },
        {
          section: 'web',
          figure: `Lighthouse ${route} JS transferred / decoded / unused by the page (median of ${n})${of}`,
          value: `${kb((r) => r.jsKb)} / ${kb((r) => r.jsDecodedKb)} / ${kb((r) => r.unusedJsKb)} KB`,
          pass: null,
        },
        {
          section: 'web',
          figure: `Lighthouse accessibility ${route}${of}`,
          value: String(m((r) => r.accessibility)),
          target: base ? undefined : '100',
          pass: base ? null : m((r) => r.accessibility) === 100,
        },
        {
          section: 'web',
          figure: `Lighthouse best practices ${route}${of}`,
          value: String(m((r) => r['best-practices'])),
          target: base ? undefined : '≥ 95',
          pass: base ? null : m((r) => r['best-practices']) >= 95,
        },
      )
    }
    for (const [route, signedIn] of [
      ['/login', false],
      ['/chat', true],
    ] as const) {
      const runs = await measure(route, signedIn)
      for (const [i, site] of sites.entries()) add(route, runs[i]!, site.label)
    }
    return rows
  } finally {
    chrome.kill()
    for (const site of sites) await site.stop()
  }
}

async function tokensOf(url: string, email: string) {
  const res = await fetch(`${url}/api/v1/auth/login/`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  })
  const pair = (await res.json()) as { access_token: string; refresh_token: string }
  return { access: pair.access_token, refresh: pair.refresh_token }
}

/** Puts a session in the browser's localStorage through the DevTools protocol. */
async function signIn(port: number, origin: string, token: { access: string; refresh: string }) {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]!
    const page = await context.newPage()
    await page.goto(`${origin}/offline.html`)
    await page.evaluate((t) => {
      localStorage.setItem('areia.access_token', t.access)
      localStorage.setItem('areia.refresh_token', t.refresh)
    }, token)
    await page.close()
  } finally {
    // Leaves the browser running: only this connection closes.
    await browser.close().catch(() => undefined)
  }
}

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-dist-'))
const baseOutDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-bench-dist-base-'))
try {
  const manifest = build(outDir)
  const rows = bundleRows(outDir, manifest)
  const builds = [{ label: THIS_BUILD, distDir: outDir }]
  // The base ref's web app (BENCH_BASE, see base.ts), built by its own Vite, served by this server.
  const base = prepareBase()
  if (base) {
    build(baseOutDir, path.resolve(base.serverDir, '../web'))
    builds.push({ label: `base ${base.ref} (${base.sha.slice(0, 7)})`, distDir: baseOutDir })
  }
  rows.push(...(await lighthouseRows(builds)))
  report(rows)
} finally {
  fs.rmSync(outDir, { recursive: true, force: true })
  fs.rmSync(baseOutDir, { recursive: true, force: true })
}
