import type { JobQueue } from '../../adapters/queue'
import type { VideoStorage } from '../../adapters/storage'
import type { ModuleBase, ServerModule } from '../module'
import type { PushService } from '../push/service'
import type { UsersService } from '../users/service'
import type { PeopleFinder, StillPeople } from '../videos/identification'
import type { VideoStatusPort } from '../videos/status'
import type { AuditPort } from '../admin/audit'
import { AnalysisDelivery, type ChatDelivery } from './delivery'
import { publishedAnalysisFacts, recentMatches } from './facts'
import { loadMediaKey, MediaSigner } from './files'
import { matchHistory } from './history-store'
import { MatchViews } from './match-views'
import { AnalysisPipeline } from './pipeline'
import { PipelineStore } from './pipeline-store'
import { ReportsService } from './reports'
import { analystRoutes, reportRoutes } from './routes'
import { AnalysisRunner } from './runner'
import { AnalysisService } from './service'
import { AnalysisStore } from './store'
import { TaggingService } from './tagging'
import { TagsStore } from './tags-store'

export interface AnalysisModuleDeps extends ModuleBase {
  users: UsersService
  storage: VideoStorage
  queue: JobQueue
  /** The lower part of the chat: the published report is posted there. */
  chat: ChatDelivery
  push: PushService
  /** A report was published and posted: what follows it (the coaches' comparison) is queued. */
  reported: (userId: string, videoId: number) => Promise<void>
  /** The videos module's: a video's status follows its analysis. */
  videos: VideoStatusPort
  /** The console's audit log, written with every analyst action. */
  audit: AuditPort
}

/**
 * The analysis of identified videos (durable jobs; the children start on first use only), the
 * analyst's console, the player's report and the signed media of both. Built before videos,
 * which tell the pipeline of videos queued and removed and show each match's stage.
 */
/** Enough reports for "melhorei?": the newest and the ones before it. */
const PUBLISHED_FOR_COACHES = 3

export async function createAnalysisModule(d: AnalysisModuleDeps) {
  const { db, clock, storage } = d
  const settings = d.config.analysis
  const runner = new AnalysisRunner(settings.concurrency, d.log)
  const pipeline = new AnalysisPipeline({
    db,
    store: new PipelineStore(),
    storage,
    queue: d.queue,
    runner,
    publish: (userId, frame) => d.chat.publish(userId, frame),
    clock,
    settings,
    videos: d.videos,
    log: d.log,
  })
  const store = new AnalysisStore()
  const signer = new MediaSigner(await loadMediaKey(db), () => clock.now())
  const analysis = new AnalysisService({
    db,
    store,
    storage,
    signer,
    delivery: new AnalysisDelivery({ chat: d.chat, push: d.push, clock, reported: d.reported }),
    users: d.users,
    clock,
    // Corners corrected or a re-run: a new run of the pipeline.
    pipeline,
    videos: d.videos,
    audit: d.audit,
    log: d.log,
  })
  const reports = new ReportsService({ db, store, storage, signer, clock })
  const tagging = new TaggingService(db, store, new TagsStore(), clock)
  /** The picture for "qual jogador é você?": its person search runs in the analysis children. */
  const peopleFinder: PeopleFinder = {
    find: (file, signal, source) =>
      runner.run<StillPeople>({ op: 'still', file, ...source }, { signal }),
  }
  return {
    pipeline,
    reports,
    peopleFinder,
    /** Meus Vídeos shows each match's stage, due time and media as the analysis knows them. */
    matchViews: new MatchViews(db, store, signer),
    /** The coaches answer "como foi meu último jogo?" with the newest published analysis. */
    playerGames: async (userId: string) => {
      const published = await publishedAnalysisFacts(db, userId, PUBLISHED_FOR_COACHES)
      return { latest: published[0] ?? null, published, matches: await recentMatches(db, userId) }
    },
    /** Minha evolução and the coaches' comparisons: every published match's figures. */
    matchHistory: (userId: string) => matchHistory(db, userId),
    routes: async (server) => {
      await server.register(analystRoutes, { analysis, tagging })
      await server.register(reportRoutes, { reports })
    },
    jobs: settings.run ? pipeline.jobs() : [],
    close: () => runner.close(),
  } satisfies ServerModule & Record<string, unknown>
}
