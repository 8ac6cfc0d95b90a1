#!/usr/bin/env node
// The e2e journeys drive Debian's Chromium through playwright-core (`npx playwright install`
// cannot reach its CDN here), so the browser comes from apt. Installing needs root; otherwise
// we stop with one line saying what to install, rather than failing later inside a journey.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Coaches write emoji; without a colour emoji font the screenshots show empty boxes.
const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

const run = (args) => {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  return result.status === 0
}

if (existsSync(CHROMIUM)) {
  // The font is a nicety: install it when we can, never fail the run over it.
  if (!existsSync(EMOJI_FONT) && isRoot) {
    console.log('Instalando a fonte de emoji do Debian para as capturas de tela...')
    if (!run(['install', '-y', '--no-install-recommends', 'fonts-noto-color-emoji'])) {
      run(['update'])
      run(['install', '-y', '--no-install-recommends', 'fonts-noto-color-emoji'])
    }
  }
  process.exit(0)
}

if (!isRoot) {
  console.error(
    `Chromium não encontrado em ${CHROMIUM}; instale com "sudo apt-get install -y chromium" ` +
      `(Chromium missing: install Debian's chromium package, or set CHROMIUM_PATH).`,
  )
  process.exit(1)
}

console.log('Instalando o Chromium do Debian para os testes de ponta a ponta...')
if (
  !run(['update']) ||
  !run(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-color-emoji'])
) {
  console.error(
    'Falha ao instalar o Chromium com apt-get (could not install Debian chromium: check apt sources and network).',
  )
  process.exit(1)
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get terminou, mas ${CHROMIUM} não existe (chromium installed elsewhere?).`)
  process.exit(1)
}
console.log(`Chromium instalado em ${CHROMIUM}.`)
