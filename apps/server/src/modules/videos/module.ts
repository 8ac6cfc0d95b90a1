import type { JobQueue } from '../../adapters/queue'
import type { Db } from '../../adapters/db'
import type { VideoStorage } from '../../adapters/storage'
import { job, type ModuleBase, type ServerModule } from '../module'
import type { UsersService } from '../users/service'
import type { MatchViewPort } from './cards'
import { IdentificationFrames, type PeopleFinder } from './identification'
import { videosRoutes } from './routes'
import { type AnalysisHooks, type ChatPoster, VideosService } from './service'
import { loadUploadKey, UploadUrlSigner } from './signing'
import { VideoStatusService } from './status'
import { VideosStore } from './store'

export interface VideosModuleDeps extends ModuleBase {
  users: UsersService
  storage: VideoStorage
  queue: JobQueue
  /** The lower part of the chat: receipts, identification and the game's date and result. */
  chat: ChatPoster
  analysis: AnalysisHooks
  matches: MatchViewPort
  /** Who finds the people in an identification picture. */
  peopleFinder: PeopleFinder
  /** Whether this process prepares identification pictures (`videos.frame`). */
  frames: boolean
}

/** A video's status as the analysis moves it: built before the analysis, which needs it. */
export function createVideoStatus(d: { db: Db }): VideoStatusService {
  return new VideoStatusService(d.db, new VideosStore())
}

/** Match videos: uploads, link imports, the quality gate and the player's identification. */
export async function createVideosModule(d: VideosModuleDeps) {
  const { db, clock, storage } = d
  const store = new VideosStore()
  const signer = new UploadUrlSigner(await loadUploadKey(db))
  const videos = new VideosService({
    db,
    store,
    storage,
    users: d.users,
    chat: d.chat,
    queue: d.queue,
    signer,
    clock,
    settings: d.config.videos,
    log: d.log,
    analysis: d.analysis,
    matches: d.matches,
  })
  const identification = new IdentificationFrames({
    db,
    store,
    storage,
    finder: d.peopleFinder,
    signer,
    clock,
    log: d.log,
  })
  return {
    videos,
    /** The data export's links to the identification pictures. */
    exportFiles: (userId: string, expiresAt: Date) => identification.exportFiles(userId, expiresAt),
    routes: async (server) => {
      await server.register(videosRoutes, {
        videos,
        identification,
        publicOrigin: d.config.publicOrigin,
      })
    },
    jobs: [
      ...(d.frames
        ? [job('videos.frame', (data, meta) => identification.prepare(data.video_id, meta.signal))]
        : []),
      job('videos.import', (data) => videos.importLink(data.video_id)),
    ],
    erasure: [{ name: 'video-files', afterCommit: (userId) => videos.deleteFilesOf(userId) }],
  } satisfies ServerModule & Record<string, unknown>
}
