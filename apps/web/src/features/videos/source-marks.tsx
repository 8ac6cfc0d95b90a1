import type { VideoSource } from '@areia/contracts/videos'

/**
 * Simple marks drawn here for each place a video comes from, in the colours players know them
 * by, so a choice is recognised before its name is read. Decorative: the button says the name.
 */

type MarkProps = { size?: number }

const svgProps = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
})

/** A phone with a play sign: the file is on this device. */
export function DeviceMark({ size = 24 }: MarkProps) {
  return (
    <svg {...svgProps(size)} className="source-mark">
      <rect
        x="6"
        y="2"
        width="12"
        height="20"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <path d="M10 9.2v5.6l4.6-2.8z" fill="currentColor" />
      <path d="M10.5 18.6h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  )
}

/** Three bands forming a triangle: green, yellow and blue. */
function DriveMark({ size = 24 }: MarkProps) {
  return (
    <svg {...svgProps(size)} className="source-mark">
      <path d="M8.4 3h7.2l7 12h-7.2z" fill="#f4b400" />
      <path d="M8.4 3l3.6 6.2L5 21.2 1.4 15z" fill="#0f9d58" />
      <path d="M5 21.2L8.6 15h14l-3.6 6.2z" fill="#4285f4" />
    </svg>
  )
}

/** A pinwheel of four half-discs in red, yellow, green and blue. */
function PhotosMark({ size = 24 }: MarkProps) {
  const petal = 'M12 12V3.5a4.25 4.25 0 0 0 0 8.5z'
  return (
    <svg {...svgProps(size)} className="source-mark">
      <path d={petal} fill="#ea4335" transform="rotate(90 12 12)" />
      <path d={petal} fill="#fbbc04" transform="rotate(180 12 12)" />
      <path d={petal} fill="#34a853" transform="rotate(270 12 12)" />
      <path d={petal} fill="#4285f4" />
    </svg>
  )
}

/** The open box: four diamonds and a smaller one below, in blue. */
function DropboxMark({ size = 24 }: MarkProps) {
  return (
    <svg {...svgProps(size)} className="source-mark">
      <g fill="#0061ff">
        <path d="M7 2.5l5 3.2-5 3.2-5-3.2z" />
        <path d="M17 2.5l5 3.2-5 3.2-5-3.2z" />
        <path d="M7 8.9l5 3.2-5 3.2-5-3.2z" />
        <path d="M17 8.9l5 3.2-5 3.2-5-3.2z" />
        <path d="M12 16.4l5-3.1v1.2l-5 3.2-5-3.2v-1.2z" />
      </g>
    </svg>
  )
}

/** A cloud. */
function CloudMark({ size = 24 }: MarkProps) {
  return (
    <svg {...svgProps(size)} className="source-mark">
      <path
        d="M7 19h10.5a4.25 4.25 0 0 0 .5-8.47A6 6 0 0 0 6.6 9.1 5 5 0 0 0 7 19z"
        fill="#3693f3"
      />
    </svg>
  )
}

/** Two chain links: a video sent as a link. */
export function LinkMark({ size = 20 }: MarkProps) {
  return (
    <svg {...svgProps(size)} className="source-mark">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M10 14a4 4 0 0 0 5.7 0l3.1-3.1a4 4 0 0 0-5.7-5.7L11.6 6.7" />
        <path d="M14 10a4 4 0 0 0-5.7 0l-3.1 3.1a4 4 0 0 0 5.7 5.7l1.5-1.5" />
      </g>
    </svg>
  )
}

const MARKS: Record<VideoSource, (props: MarkProps) => React.JSX.Element> = {
  GCS: DeviceMark,
  GOOGLE_DRIVE: DriveMark,
  GOOGLE_PHOTOS: PhotosMark,
  DROPBOX: DropboxMark,
  ICLOUD: CloudMark,
}

export function SourceMark({ source, size }: { source: VideoSource; size?: number }) {
  const Mark = MARKS[source]
  return <Mark size={size} />
}
