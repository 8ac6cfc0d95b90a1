// CPU time of this process plus its finished children (ffmpeg decoders are children; the
// analysis is judged on its whole CPU cost, not on wall time, because the machine is shared).
import fs from 'node:fs'

/** Linux reports children's times in clock ticks; 100 per second on every usual kernel. */
const TICKS_PER_SECOND = 100

function childrenSeconds(): number {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8')
    // Fields after the command name (which may contain spaces) start at the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // cutime and cstime are fields 16 and 17 of the whole line: 14th and 15th after the name.
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

export function cpuSeconds(): number {
  const own = process.cpuUsage()
  return (own.user + own.system) / 1e6 + childrenSeconds()
}
