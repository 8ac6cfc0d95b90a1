import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Corners } from '@areia/vision'

export type ChildTask = { id: number } & (
  | { op: 'warm' }
  | { op: 'propose'; file: string }
  | { op: 'analyze'; file: string; corners: Corners | null; startSec: number; endSec: number }
  | { op: 'merge'; parts: unknown[] }
  /**
   * People in one picture (the player's identification frame); with the video it was taken
   * from, where each stands on the court its lines show around that moment.
   */
  | { op: 'still'; file: string; video?: string; atSec?: number }
)

export type ChildReply = { id: number } & (
  | { kind: 'ready' }
  | { kind: 'progress'; percent: number }
  | { kind: 'done'; value: unknown }
  | { kind: 'error'; message: string }
)

type TaskInput = ChildTask extends infer T ? (T extends unknown ? Omit<T, 'id'> : never) : never

interface Pending {
  resolve(value: unknown): void
  reject(err: Error): void
  onProgress?: (percent: number) => void
}

interface Child {
  proc: ChildProcess
  ready: Promise<void>
  pending: Map<number, Pending>
  /** Ends a child left idle (its detector holds hundreds of MB in an API process). */
  idleTimer?: NodeJS.Timeout
}

const IDLE_MS = 10 * 60_000

const CHILD_ENTRY = path.join(import.meta.dirname, 'child.ts')
// The child is TypeScript like the rest of the server (decision 004): it runs through tsx.
const TSX_LOADER = createRequire(import.meta.url).resolve('tsx')

export interface RunnerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * A small pool of warm analysis child processes (ANALYSIS_CONCURRENCY). Children start on first
 * use and stay, detector loaded, for the next task; one that dies or is cancelled is replaced by
 * a fresh one on demand. Each runs one task at a time.
 */
export class AnalysisRunner {
  private readonly idle: Child[] = []
  private readonly children = new Set<Child>()
  private readonly waiters: Array<(child: Child) => void> = []
  private nextId = 1
  private closed = false

  constructor(
    private readonly size: number,
    private readonly log: RunnerLog,
  ) {}

  /** Process ids of the live children (tests check that they die with their parent). */
  pids(): number[] {
    return [...this.children].flatMap((c) => (c.proc.pid ? [c.proc.pid] : []))
  }

  async run<T>(
    task: TaskInput,
    opts: {
      signal?: AbortSignal
      onProgress?: (percent: number) => void
      /** Called once the task is handed to a child (its process id). */
      onStart?: (pid: number | undefined) => void
    } = {},
  ): Promise<T> {
    opts.signal?.throwIfAborted()
    const child = await this.acquire()
    if (opts.signal?.aborted) {
      this.release(child)
      throw opts.signal.reason instanceof Error ? opts.signal.reason : new Error('cancelado')
    }
    const id = this.nextId++
    let aborted: (() => void) | null = null
    try {
      return (await new Promise<unknown>((resolve, reject) => {
        child.pending.set(id, { resolve, reject, onProgress: opts.onProgress })
        if (opts.signal) {
          // The child may be deep in synchronous detector work: stopping it is killing it.
          aborted = () => {
            child.proc.kill('SIGKILL')
            reject(
              opts.signal?.reason instanceof Error ? opts.signal.reason : new Error('cancelado'),
            )
          }
          opts.signal.addEventListener('abort', aborted, { once: true })
        }
        child.proc.send({ ...task, id })
        opts.onStart?.(child.proc.pid)
      })) as T
    } finally {
      child.pending.delete(id)
      if (aborted) opts.signal?.removeEventListener('abort', aborted)
      this.release(child)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    for (const child of this.children) child.proc.kill('SIGKILL')
    this.children.clear()
    this.idle.length = 0
  }

  private async acquire(): Promise<Child> {
    if (this.closed) throw new Error('analysis runner closed')
    let idle = this.idle.pop()
    while (idle && (!idle.proc.connected || idle.proc.killed)) idle = this.idle.pop()
    if (idle) {
      clearTimeout(idle.idleTimer)
      return idle
    }
    if (this.children.size < this.size) {
      const child = this.spawn()
      try {
        await child.ready
      } catch (err) {
        this.children.delete(child)
        throw err
      }
      return child
    }
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  private release(child: Child): void {
    // Killed on abort, or gone: its 'exit' may not have arrived yet, but it is not reused.
    if (!child.proc.connected || child.proc.killed) this.children.delete(child)
    if (!this.children.has(child)) {
      // It died: a waiter gets a fresh child instead.
      const waiter = this.waiters.shift()
      if (waiter && !this.closed) {
        this.acquire().then(waiter, () => this.waiters.unshift(waiter))
      }
      return
    }
    const waiter = this.waiters.shift()
    if (waiter) waiter(child)
    else {
      this.idle.push(child)
      child.idleTimer = setTimeout(() => child.proc.kill('SIGTERM'), IDLE_MS)
      child.idleTimer.unref()
    }
  }

  private spawn(): Child {
    const proc = fork(CHILD_ENTRY, [], {
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    const pending = new Map<number, Pending>()
    let markReady: () => void = () => undefined
    let failStart: (err: Error) => void = () => undefined
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve
      failStart = reject
    })
    const child: Child = { proc, ready, pending }
    this.children.add(child)
    this.log.info({ pid: proc.pid }, 'analysis child started')
    proc.on('message', (msg: ChildReply) => {
      if (msg.kind === 'ready') return markReady()
      const task = pending.get(msg.id)
      if (!task) return
      if (msg.kind === 'progress') task.onProgress?.(msg.percent)
      else if (msg.kind === 'done') task.resolve(msg.value)
      else task.reject(new Error(msg.message))
    })
    proc.on('exit', (code, signal) => {
      this.children.delete(child)
      const i = this.idle.indexOf(child)
      if (i >= 0) this.idle.splice(i, 1)
      const err = new Error(`o processo de análise terminou (código ${code}, sinal ${signal})`)
      failStart(err)
      for (const task of pending.values()) task.reject(err)
      if (!this.closed && pending.size > 0)
        this.log.warn({ pid: proc.pid, code, signal }, err.message)
    })
    proc.on('error', (err) => failStart(err))
    return child
  }
}
