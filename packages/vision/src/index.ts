export {
  analyze,
  proposeFromVideo,
  MIN_FOUR_PLAYER_SHARE,
  summarizeRallies,
  buildPlayers,
} from './analyze.js'
export type { AnalysisResult, AnalyzeOptions, DetectionRound, Stage } from './analyze.js'
export { ballCandidates, linkTrajectories } from './ball.js'
export type { BallTrajectory, BallPoint } from './ball.js'
export { cutClip, highlightsReel, pickHighlights } from './clips.js'
export { proposeCorners, houghLines, lineMask, medianFrame } from './corners.js'
export { PersonDetector, nonMaxSuppression, iou } from './detector.js'
export type { Box, Detection, Tile } from './detector.js'
export { decodeFrames, probe, outputSize, VisionError } from './ffmpeg.js'
export type { Frame, VideoInfo, DecodeOptions } from './ffmpeg.js'
export { heatmapPng } from './heatmap.js'
export { peopleInStill, placeOnCourt, stillTiles } from './still.js'
export type { StillPeople } from './still.js'
export * from './homography.js'
export { playerMetrics, distanceCovered, NET_ZONE_M } from './metrics.js'
export type { PlayerMetrics, Figure } from './metrics.js'
export { toGray, changeMask, andMasks, findBlobs, polygonMask } from './motion.js'
export { segmentRallies } from './rallies.js'
export type { Rally } from './rallies.js'
export { planTiles } from './tiles.js'
export { Tracker, initialIds } from './tracker.js'
export { assign } from './assign.js'
export type { Track, TrackSample, CourtDetection } from './tracker.js'
export { parseCorners } from './cli-args.js'
export { mergeAnalyses } from './merge.js'
export { verdict, MIN_ANALYSABLE_SEC, MIN_TRACK_SHARE } from './verdict.js'
export { cameraOf, personHeightPx } from './perspective.js'
export { describe as describeAppearance, appearanceDistance } from './appearance.js'
