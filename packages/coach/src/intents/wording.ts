/**
 * How players word what is not a question of the sport, or how a message relates to the previous
 * one: read by pattern, before (or instead of) retrieval.
 */
export const INSULT =
  /\b(voce|voces|equipe|app|coach|coaches|time|robo|bot)\b.{0,25}\b(chat[oa]s?|burr[oa]s?|idiotas?|inutil|inuteis|lixo|merda|bosta|porcaria|ridicul[oa]s?|otari[oa]s?|imbecil|estupid[oa]s?|horrivel|pessim[oa]s?)\b|\b(burr[oa]|idiota|inutil|lixo|merda|bosta|porcaria|otari[oa]|imbecil)\b.{0,20}\b(voce|voces|equipe|app|coach|time)\b/

export const HOW_ARE_YOU =
  /^(oi |ola |e ai |fala )?(tudo (bem|bom|certo|tranquilo)|como (vai|voce esta|voces estao|esta|estao)|td bem|beleza)\b/

export const PRAISE =
  /\b(dicas?|respostas?|explicacao|voces|isso)\b.{0,30}\b(ajud(ou|aram)|mudou|mudaram|funcionou|funcionaram)\b|\b(muito|super) (bo[am]|util|boas|bons)\b|\b(otim[ao]|excelente|perfeit[ao]|sensacional|show|top) (essa|esta|a|sua) (dica|resposta|explicacao)\b|^agora sim\b/

export const COMPLAINT =
  /\b(ja (me )?(falou|disse|respondeu) isso|resposta (inutil|ruim|errada|generica|vaga)|nao (respondeu|era isso|foi isso que|ajudou em nada)|para de enrolar|responde direito|fugiu da pergunta|nada a ver)\b/

export const FROM_SCRATCH =
  /\b(do zero|desde o (comeco|inicio)|do (comeco|inicio)|passo a passo|bem basico|o movimento todo|tudo de novo)\b/

export const REPHRASE =
  /\b(nao entendi|nao entendo|explica (de |por )?outr[oa] (jeito|forma|maneira)|de outr[oa] (jeito|forma|maneira)|explica melhor|explica de novo|explicar de novo|como assim|nao ficou claro|nao captei|nao saquei|nao peguei|mais simples|em outras palavras|confus[oa])\b/

export const MORE =
  /\b(treino isso|treinar isso|pratico isso|praticar isso|faco isso|fazer isso|mais uma dica|outra dica|mais dicas|outro exercicio|mais um exercicio|algum exercicio|um exercicio|um treino pra isso|como treino|e como pratico|me da um treino|e o exercicio|e depois)\b/

export const FOLLOW =
  /^(e|mas e|e se|e quando|e no|e na|e nos|e nas|e pra|e para|e contra|e com|e o|e a|e os|e as|e quanto|e qual|e como|e onde|e se for|e sem|e de|e em|esta mas|ta mas|mas o que|mas como|mas e ai|e ai|entao o que|entao como)\b/

/** "por quê?", "mas pq isso acontece?": the reason of what was just said. */
export const WHY = /^(mas |e |esta |ta )?(por que|porque|pq|por qual motivo)\b/

export const FIRST = /^(a |o )?(1|primeir[oa]|opcao 1|a de cima|esse primeiro|essa primeira)\b/

export const SECOND =
  /^(a |o )?(2|segund[oa]|opcao 2|a outra|o outro|a de baixo|esse segundo|essa segunda)\b/

/** Questions that are about the partner, or about the app failing, by how they are worded. */
export const PARTNER_SUBJECT =
  /\b(meu parceiro|minha parceira|minha dupla|meu companheiro|minha companheira)\b|^(ela|ele) (fica|ta|esta|anda|vive|trava|treme|erra|se irrita|se estressa|se cobra)\b|\b(falo|digo|falar|dizer) (pra|para|com) (ela|ele)\b/

export const APP_TROUBLE =
  /\b(trav\w*|bug\w*|nao funciona|nao carrega|nao abre|deu erro|da erro|fechando sozinho)\b/
