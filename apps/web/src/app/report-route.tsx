import { SinceLastMatch } from '../features/progress/since-last-match'
import { VideoReportPage } from '../features/reports/report-page'

/** `/videos/:id` with "desde o último jogo" composed in (features never import each other). */
export function ReportRoute() {
  return <VideoReportPage comparison={(id) => <SinceLastMatch videoId={id} />} />
}
