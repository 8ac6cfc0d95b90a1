import { affirmed } from './text'

/**
 * The beach tennis rules a model's reply must not contradict (ITF): the ball never bounces; one
 * serve; no advantage at 40–40 (a deciding point); no let on the serve; a ball that touches a
 * player loses the point for that player's team; a racket without strings; a 16 × 8 m court with
 * a 1,70 m net (1,80 m in some older rules); a set's tie-break at 6–6, to 7 by two.
 */
export type RuleBroken =
  | 'BALL_BOUNCES'
  | 'SECOND_SERVE'
  | 'ADVANTAGE'
  | 'LET'
  | 'BODY_RULE'
  | 'STRINGS'
  | 'COURT_SIZE'
  | 'TIE_BREAK'

const BOUNCE =
  /\b(quic\w*|quiqu\w*|pinga\w*|picar|pique|bounce\w*|(tocar|toque|bater|bata|cair|caia|pingar) (na|a) areia|subir depois de)/
/** Bouncing the ball on the racket is a drill, not the ball on the sand. */
const ON_RACKET = /\b(na|com a|sobre a) (propria )?raquete\b/
/** Bouncing named as what ends the point is the rule itself. */
const BOUNCE_LOSES =
  /\b(perde|perdeu|acaba|acabou|fim do|encerra|nao vale|ponto (e|vai|fica) (do|dos|para o|pra o|para os|da dupla) (adversari|outr)|ponto (e |vai )?deles|ponto dos adversarios|ponto (e )?do adversario|e ponto)/

const SERVE_CONTEXT =
  /\b(saque|saques|sacar|saca|sacou|colocar a bola em jogo|primeiro|tentativa)\b/
const SECOND =
  /\b(segundo saque|segunda tentativa|duas tentativas|segunda chance|mais uma chance|outra chance|saque de seguranca|errar o primeiro|errou o primeiro|dois saques|duas chances|o segundo (pra|para) garantir|quando o primeiro (sair|for fora|errar|nao entrar)|se o primeiro (sair|for fora|nao entrar))\b/
/** "arrisca no primeiro e, se errar, o segundo tem que ser seguro": two serves. */
const FIRST_THEN_SECOND =
  /\bprimeiro\b[^.]{0,60}\bo segundo\b|\bo segundo (tem que|deve|precisa) ser (seguro|mais seguro)\b/
/** "quem fala em dupla falta traz o termo do tênis": the word named, not the rule. */
const ONLY_NAMED = /\b(fala|falar|falam|falou|termo|conceito|expressao) (em|de|do|da)?\s*$/
/** A double fault only exists where there are two serves. */
const DOUBLE_FAULT = /\bdupla falta\b/

const DEUCE_CONTEXT = /\b(40|iguais|deuce|quarenta)\b/
/** "o ponto de ouro, que substitui a vantagem": the rule said right. */
const REPLACED = /\b(substitui|substituiu|substituir|troca|no lugar da|ao inves da)\s*(a\s*)?$/
/** "vantagem tática", "vantagem de quem saca": the word, not the scoring. */
const OTHER_ADVANTAGE = /^\s*(tatica|de quem|pra|para|no ponto|em|sobre|fisica|de saque)\b/
const ADVANTAGE =
  /\b(vantagem|volta (para|pra|pro) (o )?iguais|voltar (para|pra) (o )?iguais|dois pontos (seguidos|de diferenca)|abrir (a |dois pontos de )?diferenca)\b/
/** "o game só fecha com dois pontos de diferença": advantage, without saying 40-40. */
const GAME_BY_TWO =
  /\bgame\b[^.]{0,40}\b(dois|2) pontos de diferenca\b|\btem vantagem\b[^.]{0,30}\bgame\b/

const NET_CONTEXT = /\b(rede|fita|saque)\b/
const LET =
  /\b(e let|let\b|repet\w* o saque|(e|sera|fica|ser) repetid[oa]|pedir (para|pra) repetir|pode repetir|tem que repetir|manda(m)? repetir|nao conta e|sempre volta|volta o saque|se repete)/
/** "let só por interrupção": the one let the rules have. */
const LET_ALLOWED = /\b(interrup\w*|bola de outra quadra|nao estava pronto)\b/

const BODY =
  /\b(bate|bateu|bater|batendo|pega|pegou|pegar|pegando|toca|tocou|tocar|tocando|encosta|encostou|encostar|encostando|acerta|acertou|acertar|acertando|raspa|raspou|raspando)\b(?: \w+){0,2}(?: (no|na|em))? (seu |sua |meu |minha |teu |tua |seu proprio |o |a )?(corpo|braco|perna|peito|mao|roupa|bone|cabeca|ombro)\b|\bbola no corpo\b/
const BODY_GOES_ON =
  /\b(segue|continua|normal|repetid\w*|repete|nada acontece|vale (o ponto|normal)|nao perde)\b/
/** "quem perde o ponto é quem bateu a bola": the rule turned around. */
const BODY_WRONG_SIDE =
  /\b(perde|perdeu) (o ponto )?(e )?quem (bateu|atacou|mandou|acertou|jogou)\b|\bquem (bateu|atacou|mandou) (e que |e quem )?perde\b/
const BODY_LOSES =
  /\b(perde|perdeu|ponto (e |vai |fica )?(d|par)[oa]s? (adversari|outr|dupla)|ponto (e |vai )?deles|ponto e (da|de) (sua|nossa) dupla|ponto e dos)/

const STRINGS = /\b(cordas?|encordoamento|encordoar|tensao d[ao]s? cordas?)\b/
/** A rope is not a string: "pular corda", "corda imaginária". */
const ROPE =
  /\b(pul\w* corda|corda (imaginaria|invisivel|naval)|ligad[oa]s? por uma corda|uma corda|de corda|na corda)\b/

const COURT_DIMENSIONS = /\b(\d{1,2}(?:,\d)?) ?m(?:etros)? ?(?:x|×|por) ?(\d{1,2}(?:,\d)?) ?m/
const COURT_SIDE = /\b(\d{1,2}(?:,\d)?) ?(?:m|metros) de (largura|comprimento)\b/g
const HALF =
  /\b(?:cada lado|meia quadra|cada metade|cada (?:um dos )?lados?) (?:tem|mede|com|de|possui) (?:\w+ )?(\d{1,2}) ?(?:m|metros)\b/
const NET_HEIGHT = /\brede\b[^.]{0,25}?\b(\d,\d{1,2}) ?m\b/

const TIE = /\btie-? ?break\b/
/** "com 2 pontos de diferença": the margin, not the target. */
const MARGIN_WORDS = /\b(de )?(2|dois) pontos de (diferenca|vantagem)\b/g
const TIE_TO = /\b(ate|a|de) (\d{1,2}) pontos?\b|\bvai ate (\d{1,2})\b/
/** "quem chegar a 7 leva, mesmo que seja 7-6": a tie-break without its two-point margin. */
const NO_MARGIN =
  /\bmesmo (que|se) (seja|for|fique|ficar) 7 ?[-x/a] ?6\b|\b(basta|so precisa|e so|bastam) (chegar|fazer|ganhar) (a |os )?7\b|\bum 7 ?[-x/a] ?6 (ja )?(fecha|ganha|leva)\b/
const TIE_START =
  /\b(comeca|e jogado|acontece|entra|vai pro tie-? ?break|chegar a|chega a|chegando a|em) (\w+ ){0,3}?(\d)[-x/ ](\d)\b/
const NO_TIE =
  /\b(6 ?[-x/a] ?6|seis a seis)\b.*(\b(abrir|abra|ate alguem)\b.*\b(dois|2) (games|de vantagem|de diferenca)\b|\bo set (continua|segue)\b|\bgame a game\b)/

/** "antes de quicar", "antes que ela quique": the bounce that must not happen. */
const BEFORE =
  /\b(antes de|antes que|antes dela)\b(?:\s+\S+){0,2}\s*$|\b(nao da|nao pode|nao vale|nunca)\b(?:\s+\S+){0,5}\s*$/

/** "no aquecimento, quicar a bola com a mão": not the ball in play. */
const NOT_IN_PLAY = /\b(no aquecimento|com a mao|na mao|para pegar ritmo)\b/

function bounce(s: string): boolean {
  return (
    affirmed(s, BOUNCE, BEFORE).length > 0 &&
    !BOUNCE_LOSES.test(s) &&
    !ON_RACKET.test(s) &&
    !NOT_IN_PLAY.test(s)
  )
}

function court(s: string): boolean {
  // A singles court is 4,5 m wide; doubles 8 m; both 16 m long.
  const widths = /\bsimples\b/.test(s) ? [4.5, 8] : [8]
  const dims = COURT_DIMENSIONS.exec(s)
  if (dims && /\bquadra\b/.test(s)) {
    const pair = [dims[1], dims[2]].map((n) => Number(n?.replace(',', '.'))).sort((a, b) => a - b)
    const [short, long] = pair
    if (!(short !== undefined && widths.includes(short) && (long === 16 || long === 8))) return true
  }
  if (/\bquadra\b/.test(s))
    for (const m of s.matchAll(COURT_SIDE)) {
      const n = Number(m[1]?.replace(',', '.'))
      if (m[2] === 'largura' ? !widths.includes(n) : n !== 16) return true
    }
  const half = HALF.exec(s)
  if (half && Number(half[1]) !== 8) return true
  const net = NET_HEIGHT.exec(s)
  if (net) {
    const h = Number(net[1]?.replace(',', '.'))
    if (Math.abs(h - 1.7) > 0.011 && Math.abs(h - 1.8) > 0.011) return true
  }
  return false
}

function tieBreak(s: string): boolean {
  if (NO_TIE.test(s)) return true
  if (!TIE.test(s)) return false
  if (/\b(super|match) tie-? ?break\b/.test(s)) {
    // The match tie-break goes to 10.
    const to = TIE_TO.exec(s.replace(MARGIN_WORDS, ' '))
    const points = to ? Number(to[2] ?? to[3]) : null
    return points !== null && points !== 10
  }
  if (NO_MARGIN.test(s)) return true
  const to = TIE_TO.exec(s.replace(MARGIN_WORDS, ' '))
  const points = to ? Number(to[2] ?? to[3]) : null
  if (points !== null && points !== 7) return true
  const start = TIE_START.exec(s)
  if (start && !(start[3] === '6' && start[4] === '6')) return true
  return false
}

/** The rules a reply's sentences break, each said once. */
/** "No tênis existe segundo saque": a sentence about another sport, unless it says they are alike. */
const OTHER_SPORT = /\bno (tenis|padel|squash)\b/
const ALIKE = /\b(como|igual|igualzinho|mesma coisa que) (no|o|ao|a) (tenis|padel)\b/

export function rulesBroken(sentences: readonly string[]): RuleBroken[] {
  const out = new Set<RuleBroken>()
  // "Quando o primeiro sair…" speaks of the serve when the reply does, in any sentence.
  const serving = sentences.some((s) => SERVE_CONTEXT.test(s))
  for (const s of sentences) {
    // A question claims nothing ("Quique? Só do lado deles"); another sport's rule is its own.
    if (/\?\s*$/.test(s) || (OTHER_SPORT.test(s) && !ALIKE.test(s))) continue
    if (bounce(s)) out.add('BALL_BOUNCES')
    if (serving && affirmed(s, SECOND, ONLY_NAMED).length > 0) out.add('SECOND_SERVE')
    if (affirmed(s, DOUBLE_FAULT, ONLY_NAMED).length > 0) out.add('SECOND_SERVE')
    if (/\b(saque|saques|sacar|saca|sacou)\b/.test(s) && affirmed(s, FIRST_THEN_SECOND).length > 0)
      out.add('SECOND_SERVE')
    if (/\bdeuce\b/.test(s) && affirmed(s, /\bdeuce\b/).length > 0) out.add('ADVANTAGE')
    if (
      DEUCE_CONTEXT.test(s) &&
      affirmed(s, ADVANTAGE, REPLACED).some(
        (m) => m[0] !== 'vantagem' || !OTHER_ADVANTAGE.test(s.slice((m.index ?? 0) + m[0].length)),
      )
    )
      out.add('ADVANTAGE')
    if (affirmed(s, GAME_BY_TWO).length > 0) out.add('ADVANTAGE')
    if (NET_CONTEXT.test(s) && affirmed(s, LET).length > 0 && !LET_ALLOWED.test(s)) out.add('LET')
    if (BODY.test(s) && ((BODY_GOES_ON.test(s) && !BODY_LOSES.test(s)) || BODY_WRONG_SIDE.test(s)))
      out.add('BODY_RULE')
    if (affirmed(s, STRINGS).length > 0 && !ROPE.test(s)) out.add('STRINGS')
    if (court(s)) out.add('COURT_SIZE')
    if (tieBreak(s)) out.add('TIE_BREAK')
  }
  return [...out]
}
