/**
 * Brazilian first names and the nicknames players use for their partners, written without accents
 * and in lower case, by gender. A word after "jogo com a…" is a name only when it is one of these,
 * or when the player wrote it capitalised in the middle of a sentence and it is no common word.
 */
const FEMALE =
  'abigail adriana adriele agatha alana alessandra alessa alexandra alice aline alessandra alicia ' +
  'amanda amelia ana anabela anajulia analu andrea andressa andreia angela angelica anita antonia ' +
  'aparecida ariane ariel arielle aurora barbara beatriz bel bela benedita bernadete betina bia ' +
  'bianca brenda bruna bruninha camila camile camilla carla carina carine carla carmem carmen ' +
  'carol carolina caroline cassia catarina cecilia celia celina cibele cida cintia clara clarice ' +
  'claudia cleide cristiane cristina dai daiane daiana dani daniela daniele danielle debora ' +
  'denise diana dora duda edna eduarda elaine eliane elis elisa elisabete eliza ellen eloa ' +
  'emanuele emily emilly erica erika estela ester esther evelyn fabi fabiana fabiola fatima ' +
  'fe fernanda fernandinha flavia flor franciele francine francisca gabi gabriela gabrielle ' +
  'geovana giovana giovanna gisele glaucia gloria graca grazi graziela heloisa helena heloise ' +
  'iara ingrid irene isa isabel isabela isabella isabelle isadora ivone jaqueline janaina jane ' +
  'jessica joana joice josiane josefa ju jujuba julia juliana juliane jussara karen karina ' +
  'karla katia kelly keila lais lara larissa laura lavinia lea leila leticia li lia liana ' +
  'ligia lili lilian liliane livia lorena lorrane lu luana lucia luciana luciene lucimara luisa ' +
  'luiza luna madalena maite malu manu manuela mara marcela marcia margarete mari maria ' +
  'mariana marilia marina marisa marta mayara mayra melissa mel michele michelle milena ' +
  'miriam monica nadia naiara nanda natalia nathalia nati nicole nina noemi olivia paloma pam ' +
  'pamela patricia patty paula paulinha pietra poliana priscila quezia rafa rafaela raissa ' +
  'raquel rebeca regina renata rita roberta rosa rosana rosangela rose sabrina samanta ' +
  'samara sandra sara sarah silvia simone sofia solange sonia sophia stefani stefany stella suelen ' +
  'susana suzana tabata taina tais tamara tamires tania tati tatiana tatiane teresa thais ' +
  'thalita valentina valeria vanessa vera veronica vitoria viviane yara yasmin zuleica'
const MALE =
  'abel ademir adriano afonso alan alberto alex alexandre alexandro alisson alvaro amauri ' +
  'anderson andre andrei antonio arthur artur augusto beto bernardo breno bruno caio carlos ' +
  'carlinhos cassio cesar cicero claudio cleber cristiano cristian daniel danilo davi david ' +
  'diego diogo douglas du duda dudu edson eduardo elias emanuel emerson enzo erick ernesto ' +
  'everton fabiano fabio fabricio felipe fernando flavio francisco fred frederico gabriel ' +
  'gabi gil gilberto gilson giovani guga guilherme gui gustavo heitor helio henrique hugo ' +
  'igor isaac italo ivan jair jean jefferson joao joaquim jonas jonathan jorge jose julio ' +
  'juliano junior kaio kaique kleber leandro leo leonardo lucas luciano luis luiz luizinho ' +
  'manoel marcelo marcio marco marcos mario mateus matheus mauricio mauro max miguel murilo ' +
  'nelson nicolas nilton otavio pablo paulo paulinho pedro pedrinho rafael rafa raul renan ' +
  'renato ricardo rico roberto robson rodolfo rodrigo rogerio romulo ronaldo rubens samuel ' +
  'sandro sebastiao sergio silvio tales thiago tiago tomas toninho ulisses valter vicente ' +
  'victor vinicius vini vitor wagner walter washington wellington wesley willian yuri zeca ze'

const AMBIGUOUS = new Set(['gabi', 'rafa', 'duda', 'ju'])

const FEMALE_SET = new Set(FEMALE.split(' ').filter(Boolean))
const MALE_SET = new Set(MALE.split(' ').filter(Boolean))

/** Common words that are also names, or that a capital letter would otherwise let through. */
const NOT_NAMES = new Set(
  (
    'qual quais quem que quando onde como porque pois mas entao ela ele elas eles voce voces eu ' +
    'nos a o os as um uma uns umas meu minha seu sua nosso nossa dela dele isso isto esse essa ' +
    'este esta aquele aquela fica ficamos ficam vai vao vou foi fomos era eram e sao tem tinha ' +
    'antes depois agora hoje ontem amanha sempre nunca ja mais menos muito pouco bem mal sim nao ' +
    'joga jogo jogamos jogar treino treinar treinamos sacar saca saque rede fundo meio lado ' +
    'esquerda direita canhota canhoto destra destro dupla parceira parceiro galera turma pessoal ' +
    'gente amiga amigo professora professor mae pai irma irmao filha filho esposa marido ' +
    'namorada namorado torneio campeonato etapa raquete bola areia sol vento dia semana mes ano ' +
    'segunda terca quarta quinta sexta sabado domingo janeiro fevereiro marco abril maio junho ' +
    'julho agosto setembro outubro novembro dezembro nova novo mesma mesmo outra outro ' +
    'tambem ainda so ai la aqui ali mesma toda todo tudo nada cada alguem ninguem ' +
    'beach tennis brasil deus'
  ).split(' '),
)

/** The gender a first name is usually given to; undefined when it is used for both or unknown. */
export function nameGender(word: string): 'FEMALE' | 'MALE' | undefined {
  const w = word.toLowerCase()
  if (AMBIGUOUS.has(w)) return undefined
  if (FEMALE_SET.has(w)) return 'FEMALE'
  if (MALE_SET.has(w)) return 'MALE'
  return undefined
}

/**
 * Whether `plainWord` (lower case, no accents) is a person's first name, given how the player
 * wrote the sentence: a known name, or a word the player capitalised in the middle of a sentence
 * that is no common word.
 */
export function isFirstName(plainWord: string, original: string): boolean {
  const w = plainWord.toLowerCase()
  if (w.length < 2 || w.length > 15 || NOT_NAMES.has(w)) return false
  if (FEMALE_SET.has(w) || MALE_SET.has(w)) return true
  const stripped = original.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  // Capitalised, and not the first word of the sentence.
  const re = new RegExp(`(?<=[\\s,(])${w[0]?.toUpperCase()}${w.slice(1)}\\b`)
  return re.test(stripped)
}
