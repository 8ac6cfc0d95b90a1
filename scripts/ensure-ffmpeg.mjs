#!/usr/bin/env node
// The video quality gate runs Debian's ffprobe/ffmpeg (the server's tests generate their MP4s
// with ffmpeg too). Installing needs root; otherwise we stop with one line saying what to
// install, rather than failing later inside a test.
import { spawnSync } from 'node:child_process'

const has = (bin) => spawnSync(bin, ['-version'], { stdio: 'ignore' }).status === 0
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

if (has('ffprobe') && has('ffmpeg')) process.exit(0)

if (!isRoot) {
  console.error(
    'ffmpeg/ffprobe não encontrados; instale com "sudo apt-get install -y ffmpeg" ' +
      "(ffmpeg missing: install Debian's ffmpeg package).",
  )
  process.exit(1)
}

const run = (args) =>
  spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status === 0

console.log('Instalando o ffmpeg do Debian para a verificação de vídeos...')
const install = ['install', '-y', '--no-install-recommends', 'ffmpeg']
if (!run(install) && !(run(['update']) && run(install))) {
  console.error(
    'Falha ao instalar o ffmpeg com apt-get (could not install Debian ffmpeg: check apt sources and network).',
  )
  process.exit(1)
}
if (!has('ffprobe')) {
  console.error('apt-get terminou, mas o ffprobe não está no PATH (ffmpeg installed elsewhere?).')
  process.exit(1)
}
console.log('ffmpeg instalado.')
