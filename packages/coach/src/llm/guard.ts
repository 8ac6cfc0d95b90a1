import type { AnalysisFacts } from '@areia/contracts'
import { inventsFigure } from './figures-check'
import { type RuleBroken, rulesBroken } from './rules-check'
import { claimsHuman } from './human-check'
import { bodyRuleOnIntent, type PlayRuleBroken, playRulesBroken } from './rules-play'
import { fold, sentencesOf } from './text'

/** Why a model's reply cannot reach the player; the embedded engine's reply goes instead. */
export type ReplyProblem =
  | 'EMPTY'
  | 'TOO_LONG'
  | 'HTML'
  | 'ENGLISH'
  | 'FOREIGN_LANGUAGE'
  | RuleBroken
  | PlayRuleBroken
  | 'CLAIMS_HUMAN'
  | 'INVENTED_FIGURE'
  | 'PROMPT_LEAK'
  | 'EXTERNAL_LINK'

/** Three times the length the prompt asks for: past this the model ignored the brief. */
const MAX_WORDS = 450

const ENGLISH_WORDS = new Set(
  'the and to of your you with for is are it this that be on in at an or if can will just try focus dont its im i my me we our they what how when which should would could get keep start'.split(
    ' ',
  ),
)
const SPANISH_WORDS = new Set(
  'el los y con del muy usted ustedes tambien pelota raqueta jugar juego jugador companero companera puedes debes manten deben estan hacer mejor pies estuvieran una veces punto palabra hondo entrena repite cuando hay pero'.split(
    ' ',
  ),
)
const ITALIAN_WORDS = new Set(
  'di il della delle sono prova senza alla volta molto anche per questo cosi normale sentirsi concentrarti risultato partita palla gioco'.split(
    ' ',
  ),
)
const PORTUGUESE_WORDS = new Set(
  'o os a as ao de do da dos das que e em no na nos nas um uma para pra com por se nao mais voce seu sua isso esta muito bem'.split(
    ' ',
  ),
)

/** Mostly another language's words: English, or Spanish, which a model slips into most. */
function language(folded: string): ReplyProblem | null {
  const words = folded.split(/[^a-z']+/).filter(Boolean)
  const count = (set: Set<string>) => words.filter((w) => set.has(w.replace(/'/g, ''))).length
  const pt = count(PORTUGUESE_WORDS)
  const en = count(ENGLISH_WORDS)
  if (en >= 3 && en > pt) return 'ENGLISH'
  const es = count(SPANISH_WORDS)
  if ((es >= 3 && es > pt) || /[¡¿]/.test(folded)) return 'FOREIGN_LANGUAGE'
  const it = count(ITALIAN_WORDS)
  if (it >= 3 && it > pt / 2) return 'FOREIGN_LANGUAGE'
  // Any other language: hardly a Portuguese function word in a reply of some length.
  if (words.length >= 8 && pt / words.length < 0.08) return 'FOREIGN_LANGUAGE'
  return null
}

/** Sites outside the app: a URL, a "www.", or a bare domain with a path or a known ending. */
const EXTERNAL =
  /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,6}\/[^\s)]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|br|org|net|io|be|ly|gl|app|me|tv|info|co|link|to|gg|ai|site|online|store|shop|club|blog|xyz)\b/

/** The model speaking of the brief it was given, or quoting it. */
const LEAK =
  /\b(minhas instrucoes|instrucoes (que recebi|internas|do sistema|iniciais)|instrucao interna|system prompt|prompt (de|do) sistema|meu prompt|fui (configurad|programad|instruid|orientad|treinad|criad)[oa]s? (com|para|a|pra)|(me )?(pediram|mandaram|orientaram|instruiram|configuraram) (para|pra|a) (eu|que eu|sempre|nunca|nao)|o pessoal que me (desenvolveu|criou|programou|configurou)|quem me (criou|programou|desenvolveu|configurou)|(segundo|conforme|pelas?|nas?) (as )?minhas (orientacoes|diretrizes|configuracoes)|(segundo|conforme|pelas?) (as )?(orientacoes|diretrizes|configuracoes) (que recebi|internas|do sistema|iniciais)|minhas (diretrizes|configuracoes)|eu sigo (algumas |umas )?regras|tenho uma regra que me|texto que me passaram|orientacoes que recebi|voce e [a-z]+, (coach|o coach|a coach)|(regras?|diretriz\w*|orientac\w*|instruc\w*|configurac\w*) que (eu sigo|recebi|me (deram|passaram))|que eu sigo aqui|me configuraram|diretriz (numero )?\d|desenvolvedor\w*|meu contexto|bloco chamado|campo chamado|variavel chamada|texto de configuracao|fui configurad\w*|minha configuracao|(orientac\w*|regra|diretriz\w*|instruc\w*) intern\w*|(me )?(mandaram|pediram|orientaram|instruiram) (dizer|falar|pra dizer|para dizer)|as a language model|language model|i was told|my instructions|i was instructed|my guidelines|my system|mensagem de sistema|prompt de sistema|(texto|mensagem|instrucoes?|orientac\w*|regras?) que (eu )?recebi|no inicio da conversa|me foi (dito|pedido|instruido|orientado|passado)|(meu|no meu|minhas?|nas minhas) (bloco de )?instruc\w*|regra (1|um)\b[^.]{0,120}\bregra (2|dois)|nao afirme ser humano|nao (de|use|mande) links? externos?|use apenas os dados|voce e (o|a) (tecnic[oa]|coach|treinador[a]?|estatistic[oa]|mental)\b[^.]{0,30}\b(do|da) (app|areia|aplicativo))/
/** "Prefiro não entrar em detalhes de como fui configurado": declining to tell is not telling. */
const DECLINES =
  /\b(prefiro nao|nao posso|nao vou|nao da (pra|para)|nao consigo) (entrar em detalhes|compartilhar|revelar|mostrar|falar|detalhar|contar)\b/
/** Internal names (PERFIL_JOGADOR) only come from the brief. */
const INTERNAL_NAME = /\b[A-Z]{3,}_[A-Z_]{3,}\b/

/** "regra 1, …; regra 2, …": the brief's rules listed, across sentences. */
const NUMBERED_RULES = /\bregra (1|um)\b[\s\S]{0,200}\bregra (2|dois)\b/

/** A heading that titles the model's own rules ("### Regras do coach"). */
const RULES_HEADING =
  /^#{1,6} *(regras|instrucoes|diretrizes|orientacoes) (do|da|de) (coach|assistente|sistema|ia|modelo)\b/m

function leaks(folded: string, original: string): boolean {
  if (INTERNAL_NAME.test(original) || RULES_HEADING.test(folded)) return true
  return sentencesOf(folded).some((s) => {
    const m = LEAK.exec(s)
    return m !== null && !DECLINES.test(s.slice(0, m.index))
  })
}

/**
 * What makes a model's reply unfit to send: the sport's rules broken, another language, markup,
 * a claim to be human, a figure of the player's games that neither the report nor the player's
 * message holds, the model's brief leaking, or a link out of the app.
 */
export function replyProblems(
  text: string,
  ctx: {
    analysis?: AnalysisFacts | null
    /** Every published report the model was given, newest first; else only `analysis`. */
    reports?: readonly AnalysisFacts[]
    playerText?: string
  } = {},
): ReplyProblem[] {
  const problems = new Set<ReplyProblem>()
  const trimmed = text.trim()
  if (!trimmed) return ['EMPTY']
  if (trimmed.split(/\s+/).length > MAX_WORDS) problems.add('TOO_LONG')
  if (/<\/?[a-z][^>]*>/i.test(trimmed)) problems.add('HTML')
  const folded = fold(trimmed)
  const foreign = language(folded)
  if (foreign) problems.add(foreign)
  // App paths in markdown links are the app's own screens.
  if (EXTERNAL.test(folded.replace(/\]\(\/[^)]*\)/g, ']()'))) problems.add('EXTERNAL_LINK')
  if (leaks(folded, trimmed) || NUMBERED_RULES.test(folded)) problems.add('PROMPT_LEAK')
  if (claimsHuman(folded)) problems.add('CLAIMS_HUMAN')
  const sentences = sentencesOf(folded)
  for (const broken of rulesBroken(sentences)) problems.add(broken)
  for (const broken of playRulesBroken(sentences)) problems.add(broken)
  if (bodyRuleOnIntent(sentences)) problems.add('BODY_RULE')
  // A drill's line is what to do: its counts are not figures of a match.
  const told = sentencesOf(
    folded
      .split('\n')
      .filter((line) => !/^(\*\*)?exercicio\b/.test(line.trim()))
      .join('\n'),
  )
  if (inventsFigure(told, ctx.reports ?? ctx.analysis, fold(ctx.playerText ?? '')))
    problems.add('INVENTED_FIGURE')
  return [...problems]
}
