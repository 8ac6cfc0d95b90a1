import type { AnalysisFacts } from '@areia/contracts'

/**
 * Figures of the player's own games in a model's reply, checked against the published report and
 * what the player wrote: a number about the player's match that neither holds, a count out of a
 * total ("7 de 8") that is not one of the report's, a score that is not the match's, or a
 * breakdown the report does not measure (errors by stroke, a reaction time, points of one set, a
 * comparison with a match it does not have) is invented. Advice (drill volumes, minutes, days),
 * reference values labelled as general, dates, the court's measures and the player's height are
 * not figures of their games.
 */

type Kind =
  | 'NET'
  | 'PARTNER_NET'
  | 'MID'
  | 'BACK'
  | 'DISTANCE'
  | 'SPEED'
  | 'PARTNER_DISTANCE'
  | 'RALLIES'
  | 'LONGEST'
  | 'PLAY_TIME'
  | 'GOLDEN'
  | 'SERVE_POINTS'
  | 'RETURN_POINTS'
  | 'POINTS'
  | 'SERVES'
  | 'WINNERS'
  | 'ERRORS'
  | 'SMASHES'
  | 'SHARE'
  | 'DERIVED'

type Count = { value: number; of: number }

const NUMBER = /(?<![\d,./])(\d{1,4}(?:[.,]\d{1,3})?)(?![\d/])/g
/** "7 de 8", "3 dos 6", "5 em 10": a count out of a total. */
const OUT_OF = /^\s*(?:de|dos|das|em) (?:cada )?(\d{1,3})\b/
/** A match's set score: "6/3", "7-5", "4x6". */
const SET_SCORE = /(?<![\d/])([0-7]|10) ?[/x-] ?([0-7]|10)(?![\d/])/g

/** Words that mark a sentence as about the player's own games. */
const OWN =
  /\b(voce|voces|seu|sua|seus|suas|teu|tua|sua dupla|na partida|no jogo|nos seus jogos|no relatorio|do relatorio|na sua|pelos seus|dos seus|das suas|vcs)\b/
/** A general reference, not the player's figure. */
const GENERAL =
  /\b(em geral|como referencia|referencia geral|de referencia|a maioria (dos|das) (jogadores|atletas|pessoas|duplas)|muitos (jogadores|atletas|treinadores)|jogadores costumam|normalmente|adultos|media (geral|dos jogadores)|uma meta|meta pratica|por exemplo)\b/
/** Drill volumes, durations and counts of advice: what to do, not what was done. */
const ADVICE_UNIT =
  /^\s*(x|vezes|series|serie|repeticoes|minutos?|min|segundos?|s\b de|horas?|h\b|semanas?|dias?|meses|passos?|trocas seguidas|anos|toques|bolas|metros de)\b/
const ADVICE_VERB =
  /\b(faca|facam|faz|treine|treinem|treina|jogue|joguem|joga|repita|repete|mire|mira|tente|tenta|comece|comeca|aqueca|descanse|pule|mantenha|separe|reserve|dedique|beba|durma|marque|anote|conte|deem|cada|alterne|combinem|troquem|marquem|amarre|concentre|varie|exercicio|alimentador)\b/
/** A drill or a plan line: every number in it is what to do. */
const DRILL_LINE =
  /^(\*\*)?exercicio\b|^- \*\*(segunda|terca|quarta|quinta|sexta|sabado|domingo)\b|\bexercicio:|^\*\*[^*]{2,40}:\*\*/
/** Units of gear, money and age: not figures of a match. */
const NOT_PLAY =
  /^\s*(g|gramas|kg|quilos|cm|anos|reais|vezes por semana|videos|agentes|mensagens)\b/
/** Kinds measured by the body in the match: only when told as what happened. */
const PHYSICAL = new Set<Kind>(['DISTANCE', 'PARTNER_DISTANCE', 'SPEED', 'LONGEST', 'PLAY_TIME'])
/** Told as what happened in the match, not as what to do. */
const DONE =
  /\b(durou|foi|foram|levou|ficou|ficaram|fez|fizeram|percorreu|correu|errou|acertou|converteu|ganhou|ganharam|perdeu|perderam|perder|ganhar|cometeu|aconteceram|costumam|pesaram|pesou|teve|tiveram|houve|entraram|entrou|saiu|sairam|terminaram|terminou|passou|subiu|caiu|vencidos|vencemos|venceu|vieram|veio|tocou|bateu|jogou|deu|deram|duraram|durou|deslocou|chegou)\b/
/** "4 séries de 15 bolas": the count inside a drill. */
const IN_DRILL = /\b(series|serie|rodadas|blocos|sequencias|x) de\s*$/
/** A figure the report does not break down, or a comparison it cannot make. */
const UNMEASURED =
  /\b(de backhand|de forehand|de voleio|no backhand|no forehand|no seu backhand|reacao|primeiro passo|levou em media|dos pontos que (voces|vc) perderam|no (super )?tie-? ?break|no primeiro set|no segundo set|no terceiro set|por set|de cada set|em media por|terminaram com|terminou com|acabaram (com|em)|pausas?|parad[oa]s? entre|a cada golpe|por golpe|por ponto|por rali|vieram (com|de|no|na)|com voce sacando|sempre no backhand|bpm|batimentos|frequencia cardiaca|calorias|kcal|passos dados|em media (\d+ )?segundos)\b/
/** A comparison with a match the model was not given. */
const COMPARISON =
  /\b(comparad\w*|em relacao (a|ao|à) (sua )?(partida|jogo) anterior|que no jogo anterior|partida anterior|jogo anterior|outro jogo|jogo passado|ultimo jogo)\b/
/** A difference or a sum of two of the match's own figures ("4 erros a mais do que winners"). */
const DERIVED_AFTER =
  /^\s*(%\s*)?(\S+\s+)?(a mais|a menos|de diferenca|do tempo longe|no total|somados?)\b/
const DERIVED_BEFORE = /\b(somando|somados?|juntando|no total|ou seja)\b[^.]{0,50}$/
/** Counts of match events the report does not hold ("tocou na bola 180 vezes"). */
const EVENTS = /^\s*(vezes|bolas|golpes|toques|batidas)\b/
const DATE =
  /^\s*(de (janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)|\/\d{1,2}\b)/
/** A difference of two shares ("6 pontos percentuais a mais"). */
const POINTS_OF_SHARE = /^\s*(pontos percentuais|p\.?p\.?)\b/

const KINDS: Array<[Kind, RegExp]> = [
  [
    'PARTNER_NET',
    /\b(parceir[oa]|dupla|ele|ela)\b[^.]{0,40}\brede\b|\brede\b[^.]{0,30}\b(parceir[oa]|dele|dela)\b/,
  ],
  [
    'PARTNER_DISTANCE',
    /\b(distancia (media )?(entre|da dupla|de voces)|uma da outra|um do outro|de distancia|afastad\w*|separad\w*)\b/,
  ],
  ['NET', /\brede\b/],
  ['MID', /\bmeio\b/],
  ['BACK', /\bfundo\b/],
  ['SPEED', /\b(m\/s|km\/h|velocidade|pico)\b/],
  ['DISTANCE', /\b(percorr\w*|correu|corrida|km|quilometr\w*|distancia)\b/],
  ['LONGEST', /\b(mais longo|mais longa|durou|duracao)\b/],
  ['PLAY_TIME', /\b(bola em jogo|bola rolando|de jogo efetivo|minutos de bola)\b/],
  ['RALLIES', /\b(rall(y|ies)|ralis?|trocas)\b/],
  ['GOLDEN', /\bpontos? de ouro\b|\bgolden points?\b/],
  [
    'SERVE_POINTS',
    /\bpontos?\b[^.]{0,30}\b(em que (voce )?sacou|no seu saque|no saque|sacando|quando sacou)\b/,
  ],
  [
    'RETURN_POINTS',
    /\bpontos?\b[^.]{0,30}\b(devol\w*|recebe\w*|recepcao)\b|\b(na devolucao|devolvendo|recebendo)\b/,
  ],
  ['SMASHES', /\bsmash(es)?\b/],
  ['SERVES', /\bsaques?\b/],
  ['WINNERS', /\bwinners?\b/],
  ['ERRORS', /\berr(o|os|ou|ei|ar|aram|a|am|ando)\b/],
  ['POINTS', /\b(pontos?|game|games)\b/],
]

interface Allowed {
  values: Map<Kind, number[]>
  counts: Map<Kind, Count[]>
  rests: Map<Kind, Count[]>
  /** Differences of two shares, for "n pontos percentuais a mais". */
  gaps: number[]
  score: Array<[number, number]>
}

/** The values the report allows for each kind, with the unit conversions people use. */
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

function allowed(f: AnalysisFacts): Allowed {
  const values = new Map<Kind, number[]>()
  const counts = new Map<Kind, Count[]>()
  const rests = new Map<Kind, Count[]>()
  const put = (k: Kind, ...v: number[]) => values.set(k, [...(values.get(k) ?? []), ...v])
  const count = (k: Kind, ...c: Count[]) => {
    counts.set(k, [...(counts.get(k) ?? []), ...c])
    // "perderam 16 dos 30": what was lost of a count, said as what was lost.
    rests.set(k, [...(rests.get(k) ?? []), ...c.map((x) => ({ value: x.of - x.value, of: x.of }))])
    put(k, ...c.flatMap((x) => [x.value, x.of]))
  }
  const shares = [f.net_share, f.mid_share, f.back_share, f.partner_net_share ?? f.net_share].map(
    (x) => x * 100,
  )
  put('NET', f.net_share * 100)
  put('MID', f.mid_share * 100)
  put('BACK', f.back_share * 100)
  if (f.partner_net_share !== null) put('PARTNER_NET', f.partner_net_share * 100)
  put('DISTANCE', f.distance_m, f.distance_m / 1000)
  put('SPEED', f.avg_speed_mps, f.peak_speed_mps, f.avg_speed_mps * 3.6, f.peak_speed_mps * 3.6)
  put('PARTNER_DISTANCE', f.avg_partner_distance_m)
  put('RALLIES', f.rallies)
  put('LONGEST', f.longest_rally_sec)
  put('PLAY_TIME', f.total_play_sec / 60, f.total_play_sec)
  const t = f.tagged
  if (t) {
    count('GOLDEN', t.golden_points)
    count('SERVE_POINTS', t.points_won_on_serve)
    count('RETURN_POINTS', t.points_won_on_return)
    count('SERVES', t.serves_in, t.points_won_on_serve)
    count('SMASHES', t.smashes_converted)
    const all = [
      t.team_points_won,
      t.serves_in,
      t.points_won_on_serve,
      t.points_won_on_return,
      t.smashes_converted,
      t.golden_points,
      ...(t.net_points_won ? [t.net_points_won] : []),
    ]
    count('POINTS', t.team_points_won, ...all)
    put('POINTS', t.points_tagged)
    put('WINNERS', t.winners, t.best_stroke?.winners ?? -1)
    put('SMASHES', t.best_stroke?.winners ?? -1)
    put('ERRORS', t.unforced_errors)
    shares.push(...all.filter((c) => c.of > 0).map((c) => (c.value / c.of) * 100))
  }
  put('SHARE', ...shares)
  const gaps = shares.flatMap((a) => shares.map((b) => Math.abs(a - b)))
  // Sums and differences a coach makes of the match's own figures: two zones together ("82% longe
  // da rede"), errors against winners, what was lost of a count.
  put('DERIVED', ...gaps, ...shares.flatMap((a) => shares.map((b) => a + b)))
  if (t)
    put(
      'DERIVED',
      Math.abs(t.unforced_errors - t.winners),
      t.points_tagged - t.team_points_won.value,
    )
  const score = [...(f.game_score ?? '').matchAll(/(\d+)\D+(\d+)/g)].map(
    (m) => [Number(m[1]), Number(m[2])] as [number, number],
  )
  // Games of the sets summed per side ("11 games contra 12"), a match tie-break left out.
  const sets = score.filter(([a, b]) => Math.max(a, b) <= 7)
  put('POINTS', ...sets.flat(), sum(sets.map(([a]) => a)), sum(sets.map(([, b]) => b)))
  // Ball in play in minutes, said of the rallies ("38 ralis e 9 minutos de bola em jogo").
  put('RALLIES', f.total_play_sec / 60)
  return { values, counts, rests, gaps, score }
}

/** What any of the reports allows. */
function merged(all: readonly Allowed[]): Allowed {
  const values = new Map<Kind, number[]>()
  const counts = new Map<Kind, Count[]>()
  const rests = new Map<Kind, Count[]>()
  for (const a of all) {
    for (const [k, v] of a.values) values.set(k, [...(values.get(k) ?? []), ...v])
    for (const [k, c] of a.counts) counts.set(k, [...(counts.get(k) ?? []), ...c])
    for (const [k, c] of a.rests) rests.set(k, [...(rests.get(k) ?? []), ...c])
  }
  return {
    values,
    counts,
    rests,
    gaps: all.flatMap((a) => a.gaps),
    score: all.flatMap((a) => a.score),
  }
}

/** The same figure, rounded as people round: to a tenth below 10, to the unit or 3 % above. */
const close = (n: number, values: readonly number[]) =>
  values.some(
    (v) => Math.abs(n - v) <= (Math.abs(v) < 10 ? 0.051 : Math.max(0.6, Math.abs(v) * 0.03)),
  )

/** The kind named nearest the number in `words`: the first after it, or the last before it. */
function kindIn(words: string, percent: boolean, last: boolean): Kind | null {
  let best: { kind: Kind; at: number } | null = null
  for (const [kind, re] of KINDS) {
    // Shares of the court are percentages; a bare number near "rede" is something else.
    if ((kind === 'NET' || kind === 'MID' || kind === 'BACK' || kind === 'PARTNER_NET') && !percent)
      continue
    const found = [...words.matchAll(new RegExp(re.source, 'g'))]
    const m = last ? found.at(-1) : found[0]
    if (!m) continue
    const at = m.index ?? 0
    if (!best || (last ? at > best.at : at < best.at)) best = { kind, at }
  }
  return best?.kind ?? null
}

function lastIndex(text: string, re: RegExp): number {
  let at = -1
  for (const m of text.matchAll(re)) at = m.index ?? at
  return at
}

/** What a number's unit says it is: metres are distances, m/s speeds, seconds durations. */
function kindByUnit(previous: string, after: string): Kind | null {
  if (/^\s*(m\/s|km\/h)\b/.test(after)) return 'SPEED'
  if (/^\s*(m|metros|km|quilometros?)\b/.test(after))
    return kindIn(previous, false, true) === 'PARTNER_DISTANCE' ||
      /^\s*\S+ (um do outro|uma da outra|entre voces|da dupla)\b/.test(after)
      ? 'PARTNER_DISTANCE'
      : 'DISTANCE'
  if (/^\s*(s|segundos?)\b/.test(after))
    return kindIn(previous, false, true) === 'PLAY_TIME' ? 'PLAY_TIME' : 'LONGEST'
  return null
}

/** What a number counts: its unit, the words right after it ("41 rallies"), else right before it. */
function kindOf(before: string, after: string, percent: boolean): Kind | null {
  const unit = kindByUnit(before.split(/[,;:(]/).at(-1) ?? '', after)
  if (unit) return unit
  const next =
    after
      .split(/[,;:]| e | mas /)[0]
      ?.trim()
      .split(' ')
      .slice(0, 7)
      .join(' ') ?? ''
  const previous =
    before
      .split(/[,;:(]/)
      .at(-1)
      ?.trim()
      .split(' ')
      .slice(-7)
      .join(' ') ?? ''
  const near = kindIn(next, percent, false) ?? kindIn(previous, percent, true)
  // A share of the court is the partner's when the partner is the nearest subject before it
  // ("seu parceiro ficou mais: 41%") and not the player's ("contra 33% seu").
  if (percent && (near === 'NET' || near === 'PARTNER_NET' || near === null)) {
    const theirs = lastIndex(before, /\b(parceir[oa]|sua dupla|dele|dela|ele|ela)\b/g)
    const mine = lastIndex(before, /\b(voce|seu(?! parceir)|sua(?! dupla| parceir))\b/g)
    if (/^\s*%?\s*(seu|sua|seus|de voce)\b/.test(after)) return near === null ? 'SHARE' : 'NET'
    if (theirs > mine) return 'PARTNER_NET'
    if (near === 'PARTNER_NET' && mine > theirs) return 'NET'
  }
  return near ?? (percent ? 'SHARE' : null)
}

/** Words that say a score is the result of a match. */
const RESULT =
  /\b(vitoria|derrota|venceu|venceram|ganhou|ganharam|perdeu|perderam|perder|perdi|ganhei|placar|por|fizeram|fecharam|vencemos|ganhamos|perdemos)\b/

/** A score the reply gives the player's match that the report does not have. */
function wrongScore(s: string, report: Allowed | null): boolean {
  if (!RESULT.test(s)) return false
  if (!OWN.test(s) && !/\b(sabado|domingo|jogo|partida|sets?)\b/.test(s)) return false
  const pairs: Array<[number, number]> = []
  for (const m of s.matchAll(SET_SCORE)) {
    const before = s.slice(Math.max(0, (m.index ?? 0) - 12), m.index)
    if (/\bdia\s*$/.test(before)) continue
    pairs.push([Number(m[1]), Number(m[2])])
  }
  if (pairs.length === 0) return false
  if (!report) return true
  // Several sets are read as written ("7/6 6/4" is not "7/6 4/6"); one alone may be turned round.
  return pairs.some(
    ([x, y]) =>
      !report.score.some(
        ([a, b]) => (a === x && b === y) || (pairs.length === 1 && a === y && b === x),
      ),
  )
}

/** Whether a sentence of the reply gives a figure of the player's games that is not theirs. */
export function inventsFigure(
  sentences: readonly string[],
  facts: AnalysisFacts | readonly AnalysisFacts[] | null | undefined,
  playerText: string,
): boolean {
  return inventedFigure(sentences, facts, playerText) !== null
}

/** The first figure of the reply that is not the player's, with why, or null. */
export function inventedFigure(
  sentences: readonly string[],
  facts: AnalysisFacts | readonly AnalysisFacts[] | null | undefined,
  playerText: string,
): string | null {
  const said = (playerText.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => Number(n.replace(',', '.')))
  // "ganhei 4 de 5" lets the coach say "80%".
  const given = [
    ...said,
    ...said.flatMap((a) => said.filter((b) => b > a).map((b) => (a / b) * 100)),
  ]
  const list = facts ? (Array.isArray(facts) ? facts : [facts as AnalysisFacts]) : []
  const report = list.length > 0 ? merged(list.map(allowed)) : null
  // With two reports, "em relação ao jogo anterior" is a comparison the model can make.
  const comparing = list.length < 2
  for (const s of sentences) {
    if (GENERAL.test(s) || DRILL_LINE.test(s)) continue
    if (!playerText.includes('/') && wrongScore(s, report)) return `score in "${s}"`
    const own = OWN.test(s)
    for (const m of s.matchAll(NUMBER)) {
      const raw = m[1] ?? ''
      const at = m.index ?? 0
      const after = s.slice(at + raw.length)
      const before = s.slice(Math.max(0, at - 70), at)
      // Told as done in its own clause, or in the sentence when the clause is not advice.
      const clause = `${before.split(/[,;:]/).at(-1) ?? ''} ${raw} ${after.split(/[,;:]/)[0] ?? ''}`
      const done =
        DONE.test(clause) || (DONE.test(s) && !ADVICE_VERB.test(clause) && !ADVICE_UNIT.test(after))
      const n = Number(raw.replace(/\.(?=\d{3}\b)/, '').replace(',', '.'))
      if (DATE.test(after) || /^\s*(h|horas?)\b/.test(after) || /[/x-]\s*$/.test(before)) continue
      if (/^\s*[/x-]\s*\d/.test(after)) continue
      // "uma quadra de 8 m de largura", "a rede a 1,70 m": the court, not the match.
      if (
        /^\s*m (de )?(largura|comprimento|altura|profundidade)\b/.test(after) ||
        /\b(quadra|rede|lado) (de|com|tem|a|mede)\s*$/.test(before)
      )
        continue
      // "até 3 m dela", "a uns 2 metros da rede": where to stand.
      if (/^\s*(m|metros)\s+(da|de|do|dela|dele|das|dos)\b/.test(after)) continue
      // "com 1,85 m", "tenho 1,70": the player's height.
      if (/^\s*(m|metros)\b/.test(after) && /\b(altura de|mede|medindo|tenho|com)\s*$/.test(before))
        continue
      if (IN_DRILL.test(before) || NOT_PLAY.test(after)) continue
      // "5,6 × 3,6 = 20,16": the factors of a sum the reply shows, not figures of their own.
      if (/[×x*]\s*$/.test(before) || /^\s*[×x*=]\s*\d/.test(after)) continue
      // "3 blocos de 12 devoluções": a drill's volume.
      if (
        /^\s*(blocos?|series|rodadas|sequencias)\b/.test(after) ||
        /\b(proponho|sugiro)\b/.test(before)
      )
        continue
      // "vai até 10 pontos com 2 de diferença": a rule of scoring, not a figure of the match.
      if (/\bate\s*$/.test(before) || /^\s*(de diferenca|pontos com)\b/.test(after)) continue
      // "10 minutos de voleio, 10 de smash": a list that carries the first item's unit.
      if (
        /^\s*de (voleio|smash|saque|lob|bandeja|curtinha|devolucao|fundo|deslocamento|aquecimento)\b/.test(
          after,
        ) &&
        /\b(minutos|min|series)\b/.test(s)
      )
        continue
      if (!done && (ADVICE_UNIT.test(after) || ADVICE_VERB.test(before))) continue
      // What was done in the match is the player's only when the sentence says so, or tells it.
      if (!own && !done) continue
      if (close(n, given)) continue
      const percent = /^\s*%/.test(after)
      // "33% do seu parceiro — 8 pontos percentuais": a share, whatever "pontos" follows it.
      const partnerShare =
        percent && /^\s*%\s*(do seu parceiro|da sua parceira|dele|dela)\b/.test(after)
      const window = `${before} ${raw} ${after.slice(0, 60)}`
      if ((UNMEASURED.test(window) || (comparing && COMPARISON.test(window))) && (own || done))
        return `${raw}: not measured`
      // "você converteu 5 de 5": what the sentence is about when the number names nothing.
      const kind = partnerShare
        ? 'SHARE'
        : (kindOf(before, after, percent) ?? (done ? kindIn(s, percent, false) : null))
      if (!kind) {
        if (done && own && EVENTS.test(after)) return `${raw}: not measured`
        continue
      }
      // "fique a uns 2 metros da rede" is where to stand, not how far the player ran.
      if (PHYSICAL.has(kind) && !done) continue
      if (!own && (kind === 'POINTS' || kind === 'SHARE')) continue
      if (!report) return `${raw}: no report`
      if (POINTS_OF_SHARE.test(after)) {
        if (!close(n, report.gaps)) return `${raw}: not a gap of two shares`
        continue
      }
      const total = OUT_OF.exec(after)
      // "perderam 16 dos 30", "erraram 3 dos 5": the rest of a count, told as a loss.
      const lost =
        /\b(perd\w*|err\w*|falt\w*|desperdi\w*|nao (convert|ganh|vira)\w*|sai\w*|fora)\b/.test(
          `${before} ${after.slice(0, 30)}`,
        )
      const counts = [
        ...(report.counts.get(kind) ?? []),
        ...(lost ? (report.rests.get(kind) ?? []) : []),
      ]
      if (total && counts.length > 0) {
        const of = Number(total[1])
        if (!counts.some((c) => c.value === n && c.of === of)) return `${raw} de ${of} (${kind})`
        continue
      }
      const derived =
        (DERIVED_AFTER.test(after) || DERIVED_BEFORE.test(before)) &&
        (kind !== 'SHARE' || /\b(rede|meio|fundo)\b/.test(s))
      const values = [
        ...(report.values.get(kind) ?? []),
        ...(lost ? (report.rests.get(kind) ?? []).map((c) => c.value) : []),
        ...(derived ? (report.values.get('DERIVED') ?? []) : []),
      ]
      if (!close(n, values)) return `${raw} (${kind}) not in ${values.join(',')}`
    }
  }
  return null
}
