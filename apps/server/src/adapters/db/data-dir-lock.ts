import fs from 'node:fs'
import path from 'node:path'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes `DATA_DIR/server.lock`, refusing to start when a live process holds it. A lock left by a
 * process that died (kill -9, power loss) is taken over, so a crash never blocks a restart.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file)
        } catch {
          // Already gone: nothing to release.
        }
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = Number(fs.readFileSync(file, 'utf8'))
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} já está em uso pelo processo ${holder}; pare-o ou use outro DATA_DIR.`,
        )
      }
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`Não foi possível obter o bloqueio de ${file}.`)
}
