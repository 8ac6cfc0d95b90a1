import MiniSearch, { type SearchResult } from 'minisearch'
import type { Intent } from './registry'
import { terms } from './normalize'

export interface Candidate {
  intent: Intent
  score: number
  /** Share of the message's informative weight that this intent's best example explains. */
  coverage: number
  /** Informative weight of the message's words this intent's best example shares. */
  evidence: number
}

export interface Classification {
  /** Best first; at most `MAX_CANDIDATES`. */
  candidates: Candidate[]
  /** Share of the message's informative weight that the knowledge knows at all. */
  known: number
  terms: string[]
  /** The message's words that name something of the sport (a stroke, a rule, a body part…). */
  topical: string[]
  /** How many of the message's words the knowledge has never seen, even misspelt. */
  unknown: number
  /** How many of the message's words say more than how it asks ("aquilo", "melhor", "ajuda"). */
  specific: number
  /** The best reading is the general question of an area the message only names. */
  general?: boolean
}

const MAX_CANDIDATES = 12

/** How much the nearest phrasing counts against the intent's whole vocabulary. */
const NEAREST_WEIGHT = 0.45
/** Added for each of an intent's jargon phrases the message says (two at most). */
const PHRASE_BONUS = 0.15

/**
 * Words that appear in the labels but say nothing about which part of the game is meant: a
 * message made only of these ("tá dando errado", "qual é melhor?") needs a question back.
 */
const GENERIC_BOOST = 0.4
const TOPICAL_BOOST = 1.5
const GENERIC_WORDS =
  'jogar jogo bem melhor melhorar fazer ficar poder saber querer dica ajuda ajudar tudo coisa vez ' +
  'dia tempo quando quanto onde como qual nao errar erro errado certo explicar precisar achar ' +
  'dificil duvida ruim bom boa sempre nunca agora hoje ontem amanha dar dever passar falar tentar ' +
  'conseguir chegar ir sair entrar usar ter mais menos muito pouco treino treinar aquilo isso isto ' +
  'negocio lance parada assunto socorro ajudem favor toda hora mesmo outro seja vai tem sem ' +
  'pior tarde novo parte pelo mim levar sair mal certo fica vir depois conta contar obrigado demais'

/** A second matching example of the same intent adds this much of its score. */
const SECOND_EXAMPLE = 0.3
/** Weight of the word-model posterior: a score grows by up to this share of itself. */
const POSTERIOR_WEIGHT = 1
/** Below this posterior a reading the search did not find is not added from the word model. */
const POSTERIOR_FLOOR = 0.05
/** Additive smoothing of the word model's counts. */
const SMOOTHING = 0.2

/** Typos: one edit for stems of five letters or more ("saqeu", "raqute"). */
function fuzzy(term: string): number | false {
  return term.length >= 5 && !/\d/.test(term) ? 1 : false
}

/** Documents hold stemmed terms already: split on spaces, nothing more. */
function newIndex(): MiniSearch<Doc> {
  return new MiniSearch<Doc>({
    fields: ['text'],
    storeFields: ['intent'],
    tokenize: (text) => text.split(' ').filter((t) => t !== ''),
    processTerm: (term) => term,
    searchOptions: { combineWith: 'OR', fuzzy, weights: { fuzzy: 0.55, prefix: 0.3 } },
  })
}

interface Doc {
  id: number
  intent: string
  text: string
}

/**
 * Retrieval over the ways players ask each intent: every example is a document, so a message is
 * matched against the nearest phrasing (BM25+ over Snowball stems, typo-tolerant), and an intent
 * scores by its best example plus a little for a second one.
 */
export class IntentIndex {
  private readonly search: MiniSearch<Doc>
  /** One document per intent (all its phrasings): the intent's whole vocabulary. */
  private readonly topics: MiniSearch<Doc>
  private readonly byId: Map<string, Intent>
  private readonly df = new Map<string, number>()
  private readonly docs: number
  /** Words of the sport: in the labels and keywords, and not spread over many intents. */
  private readonly lexicon = new Set<string>()
  private readonly generic: Set<string>
  /** Each intent's jargon as stemmed phrases of two words or more ("saque por baixo"). */
  private readonly phrases = new Map<string, string[]>()
  private readonly words: WordModel
  private readonly otherForms = new Map<string, boolean>()

  constructor(intents: readonly Intent[]) {
    this.byId = new Map(intents.map((i) => [i.id, i]))
    this.search = newIndex()
    this.topics = newIndex()
    const docs: Doc[] = []
    const topicDocs: Doc[] = []
    const vocabularies = new Map<string, string[]>()
    for (const intent of intents) {
      const vocabulary: string[] = []
      const phrasings = [...intent.examples, [intent.label, ...(intent.keywords ?? [])].join(' ')]
      for (const phrasing of phrasings) {
        const ts = terms(phrasing)
        if (ts.length === 0) continue
        docs.push({ id: docs.length, intent: intent.id, text: ts.join(' ') })
        vocabulary.push(...ts)
        for (const t of new Set(ts)) this.df.set(t, (this.df.get(t) ?? 0) + 1)
      }
      topicDocs.push({ id: topicDocs.length, intent: intent.id, text: vocabulary.join(' ') })
      vocabularies.set(intent.id, vocabulary)
    }
    this.docs = docs.length
    this.generic = new Set(terms(GENERIC_WORDS))
    for (const intent of intents) {
      const list = (intent.keywords ?? [])
        .map((k) => terms(k).join(' '))
        .filter((k) => k.includes(' '))
      if (list.length > 0) this.phrases.set(intent.id, list)
    }
    for (const intent of intents) {
      if (intent.domain === 'conversa') continue
      for (const t of terms([intent.label, ...(intent.keywords ?? [])].join(' ')))
        if (!this.generic.has(t)) this.lexicon.add(t)
    }
    this.search.addAll(docs)
    this.topics.addAll(topicDocs)
    this.words = new WordModel(vocabularies)
  }

  /**
   * A word of the sport, or another form of one whose stem came out shorter or longer ("confio"
   * and "confiança", "contagem" and "contar").
   */
  private isTopical(term: string): boolean {
    if (this.lexicon.has(term) || this.generic.has(term)) return this.lexicon.has(term)
    if (term.length < 5) return false
    let found = this.otherForms.get(term)
    if (found === undefined) {
      found = [...this.lexicon].some(
        (word) => word.length >= 4 && (word.startsWith(term) || term.startsWith(word)),
      )
      // Every message asks this of its words: the scan of the lexicon is made once per word.
      if (this.otherForms.size < 50_000) this.otherForms.set(term, found)
    }
    return found
  }

  /** Inverse document frequency; a word the knowledge never uses weighs as the rarest. */
  private idf(term: string): number {
    const df = this.df.get(term) ?? 0.5
    return Math.log(1 + this.docs / df)
  }

  classify(text: string): Classification {
    const query = terms(text)
    const topical = query.filter((t) => this.isTopical(t))
    if (query.length === 0)
      return { candidates: [], known: 0, terms: query, topical, unknown: 0, specific: 0 }
    // What the message names (the stroke, the rule) matters more than how it asks.
    const boostTerm = (term: string) =>
      this.generic.has(term) ? GENERIC_BOOST : this.lexicon.has(term) ? TOPICAL_BOOST : 1
    const results = this.search.search(query.join(' '), { boostTerm })
    const total = query.reduce((sum, t) => sum + this.idf(t), 0)
    const knownTerms = new Set<string>()
    const perIntent = new Map<string, { best: SearchResult; second?: SearchResult }>()
    for (const result of results) {
      for (const t of result.queryTerms) knownTerms.add(t)
      const id = result.intent as string
      const entry = perIntent.get(id)
      if (!entry) perIntent.set(id, { best: result })
      else if (!entry.second) entry.second = result
    }
    const weight = (ts: Iterable<string>) => {
      let sum = 0
      for (const t of new Set(ts)) sum += this.idf(t)
      return sum
    }
    const byTopic = new Map<string, number>()
    for (const result of this.topics.search(query.join(' '), { boostTerm }))
      byTopic.set(result.intent as string, result.score)
    const maxTopic = Math.max(1e-9, ...byTopic.values())
    const nearest = new Map<string, number>()
    for (const [id, { best, second }] of perIntent)
      nearest.set(id, best.score + SECOND_EXAMPLE * (second?.score ?? 0))
    const maxNearest = Math.max(1e-9, ...nearest.values())
    // An intent's own jargon said as a phrase ("saque por baixo", "bola no corpo") is the
    // strongest sign of which question it is.
    const said = ` ${query.join(' ')} `
    const candidates: Candidate[] = []
    for (const [id, { best }] of perIntent) {
      const intent = this.byId.get(id)
      if (!intent) continue
      const jargon = (this.phrases.get(id) ?? []).filter((p) => said.includes(` ${p} `)).length
      candidates.push({
        intent,
        score:
          NEAREST_WEIGHT * ((nearest.get(id) ?? 0) / maxNearest) +
          (1 - NEAREST_WEIGHT) * ((byTopic.get(id) ?? 0) / maxTopic) +
          PHRASE_BONUS * Math.min(jargon, 2),
        coverage: total > 0 ? weight(best.queryTerms) / total : 0,
        evidence: weight(best.queryTerms),
      })
    }
    // The word model weighs every word of the message against every intent's phrasings at once:
    // it tells apart sibling questions that share their nearest phrasing's words.
    const posterior = this.words.posterior(query)
    const found = new Set(candidates.map((c) => c.intent.id))
    for (const [id, p] of posterior) {
      const intent = this.byId.get(id)
      if (intent && !found.has(id) && p >= POSTERIOR_FLOOR)
        candidates.push({ intent, score: 0, coverage: 0, evidence: 0 })
    }
    for (const c of candidates) c.score *= 1 + POSTERIOR_WEIGHT * (posterior.get(c.intent.id) ?? 0)
    candidates.sort((a, b) => b.score - a.score)
    return {
      candidates: candidates.slice(0, MAX_CANDIDATES),
      known: total > 0 ? weight(knownTerms) / total : 0,
      terms: query,
      topical,
      unknown: query.filter((t) => !knownTerms.has(t)).length,
      specific: query.filter((t) => !this.generic.has(t)).length,
    }
  }
}

/**
 * Multinomial naive Bayes over each intent's phrasings, with equal priors: the probability of
 * each intent given the message's words (those it has never seen are left out).
 */
class WordModel {
  private readonly counts = new Map<string, Map<string, number>>()
  private readonly totals = new Map<string, number>()
  private readonly vocabulary = new Set<string>()

  constructor(byIntent: ReadonlyMap<string, readonly string[]>) {
    for (const [id, words] of byIntent) {
      const counts = new Map<string, number>()
      for (const w of words) {
        counts.set(w, (counts.get(w) ?? 0) + 1)
        this.vocabulary.add(w)
      }
      this.counts.set(id, counts)
      this.totals.set(id, words.length)
    }
  }

  posterior(query: readonly string[]): Map<string, number> {
    const seen = query.filter((w) => this.vocabulary.has(w))
    const logs = new Map<string, number>()
    const size = this.vocabulary.size
    for (const [id, counts] of this.counts) {
      const denominator = (this.totals.get(id) ?? 0) + SMOOTHING * size
      let log = 0
      for (const w of seen) log += Math.log(((counts.get(w) ?? 0) + SMOOTHING) / denominator)
      logs.set(id, log)
    }
    const max = Math.max(...logs.values())
    let sum = 0
    for (const log of logs.values()) sum += Math.exp(log - max)
    return new Map([...logs].map(([id, log]) => [id, Math.exp(log - max) / sum]))
  }
}
