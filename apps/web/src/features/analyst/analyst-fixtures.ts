import type { AnalystQueueItem, AnalystVideo, TrackedPlayer } from '@areia/contracts/analysis'

const figure = (value: number) => ({ value, frames: [10, 20] })

export function queueItem(overrides: Partial<AnalystQueueItem> = {}): AnalystQueueItem {
  return {
    video_id: 7,
    status: 'IN_REVIEW',
    stage: 'REVIEW',
    percent: 100,
    player_name: 'Ana Souza',
    plan_name: 'Pro',
    human_commentary: false,
    uploaded_at: '2026-11-22T13:00:00.000Z',
    promised_at: '2026-11-23T13:00:00.000Z',
    overdue: false,
    problem: null,
    ...overrides,
  }
}

export function trackedPlayer(
  trackId: number,
  overrides: Partial<TrackedPlayer> = {},
): TrackedPlayer {
  const partner = { 1: 2, 2: 1, 3: 4, 4: 3 }[trackId] ?? 1
  return {
    track_id: trackId,
    side: trackId <= 2 ? 'near' : 'far',
    partner_track_id: partner,
    distance_m: figure(400 + trackId * 10),
    avg_speed_mps: figure(1.5),
    peak_speed_mps: figure(5),
    time_near_net_sec: figure(30),
    time_mid_sec: figure(30),
    time_back_sec: figure(60),
    avg_partner_distance_m: figure(3.2),
    heatmap_url: `/media/heatmap-${trackId}.png?sig=x`,
    ...overrides,
  }
}

export function analystVideo(overrides: Partial<AnalystVideo> = {}): AnalystVideo {
  return {
    ...queueItem(),
    video_url: '/media/video-7.mp4?sig=x',
    keyframe_url: '/media/keyframe-7.jpg?sig=x',
    width: 1280,
    height: 720,
    duration_sec: 120,
    fps: 30,
    corners: [
      { x: 100, y: 650 },
      { x: 1180, y: 650 },
      { x: 900, y: 250 },
      { x: 380, y: 250 },
    ],
    corners_source: 'proposed',
    player_answer: 2,
    player_pick: null,
    player_track_id: null,
    players: [1, 2, 3, 4].map((id) => trackedPlayer(id)),
    overlay: [
      { t: 0, frame: 0, boxes: [{ x: 10, y: 20, w: 30, h: 60, track_id: 1 }] },
      { t: 1, frame: 30, boxes: [{ x: 110, y: 120, w: 40, h: 80, track_id: 2 }] },
      { t: 2, frame: 60, boxes: [{ x: 210, y: 220, w: 50, h: 90, track_id: null }] },
    ],
    rallies: {
      count: 2,
      total_play_sec: 40,
      longest_sec: 25,
      items: [
        {
          index: 0,
          start_sec: 5,
          end_sec: 20,
          start_frame: 150,
          end_frame: 600,
          clip_url: '/media/clip-0.mp4',
        },
        { index: 1, start_sec: 30, end_sec: 55, start_frame: 900, end_frame: 1650, clip_url: null },
      ],
      highlights_url: null,
    },
    game: { date: '2026-11-21', week: null, outcome: 'WON', score: '6/4' },
    report_markdown: '## Seu jogo\n\nVocê correu **410 m**.',
    published_at: null,
    ...overrides,
  }
}
