import { chatText } from './normalize'

/**
 * Words of a coach's answer a player may not know ("como assim 'na frente'?"): each explained in
 * plain words, the way a coach on the court would show it.
 */
const TERMS: Array<[RegExp, string, string?]> = [
  [
    /\bfech\w* (a )?paralela\b/,
    '"Fechar a paralela" é cobrir a bola reta pela sua lateral. Quando quem vai bater é o adversário à sua frente (a bola está do seu lado da quadra), você dá um passo para a lateral, com a raquete pronta, porque a paralela é o caminho mais curto até o fundo de vocês; sua dupla fecha o meio. Quando a bola vai para o lado dela, inverte: ela fecha a paralela dela e você fecha o meio.',
    'cobrir-parceiro',
  ],
  [
    /\bfech\w* o meio\b/,
    '"Fechar o meio" é cobrir o espaço entre você e sua dupla: quem está do lado oposto ao da bola dá um ou dois passos para o centro, porque é por ali que passa a maioria das bolas que ganham ponto. Quem está do lado da bola cuida da paralela.',
    'cobrir-parceiro',
  ],
  [
    /\bbola de seguranca\b/,
    'Bola de segurança é a que prioriza entrar em vez de ganhar o ponto: mais alta sobre a rede, no meio ou cruzada, com menos força. É a escolha certa quando você está sem equilíbrio, atrasado ou sob pressão; arriscar fica para a bola confortável.',
    'paciencia-rali',
  ],
  [
    /\bchap(ar|ado|ada|ei|ando)\b/,
    'Bater chapado é bater com a face da raquete de frente para a bola, sem efeito: ela vai reta e rápida, mas passa mais perto da rede e tem menos margem. Serve para a bola alta e confortável; na bola baixa, a face um pouco aberta dá mais segurança.',
    'efeito-bola',
  ],
  [
    /\bpaulada\b/,
    'Paulada é a bola batida com toda a força, quase sempre reta no corpo ou nos pés de quem está na rede. Contra ela, raquete alta e à frente, bloqueio curto sem balanço e um passo para o lado para tirar o corpo da linha da bola.',
  ],
  [
    /\b(lancamento|lancar a bola|jogar a bola (pra cima|para cima))\b/,
    '"Lançar na frente" quer dizer soltar a bola um palmo à frente do corpo e um pouco para o lado da raquete, e não em cima da cabeça: assim você bate com o corpo indo para a frente, com o braço quase esticado. Teste sem bater: lance e deixe cair; a bola tem que cair na areia à frente do seu pé da frente, não atrás dele.',
  ],
  [
    /\bsplit[- ]?step\b/,
    'O split-step é um pulinho curto, com os dois pés, no instante em que o adversário bate na bola: você aterrissa com os pés afastados e os joelhos dobrados, pronto para sair para qualquer lado. É o que faz o primeiro passo sair rápido.',
  ],
  [
    /\b(empunhadura|pegada) continental\b|\bcontinental\b/,
    'Empunhadura continental é segurar a raquete como se fosse um martelo, com a aresta da cabeça apontando para a frente: é a mesma pegada para saque, voleio e smash, sem trocar de mão no meio do ponto.',
  ],
  [
    /\bcontato (alto|na frente|a frente)\b|\bbater na frente\b|\bponto de contato\b/,
    'Bater na frente é encontrar a bola antes dela chegar ao lado do seu corpo, mais ou menos na altura do pé da frente: ali você vê a bola, tem força e direciona. Se a bola passa do quadril, você só consegue se defender.',
  ],
  [
    /\b(em escada|escada)\b/,
    'Jogar em escada é quando um de vocês está na rede e o outro fica lá atrás: abre um buraco na diagonal entre os dois. O certo é subir e recuar juntos, lado a lado, como se uma corda ligasse vocês.',
  ],
  [
    /\bterra de ninguem\b|\bmeio da quadra\b/,
    'A "terra de ninguém" é a faixa do meio, entre uns 3 e 5,5 m da rede: ali a bola chega nos pés e você não ataca nem defende bem. É lugar de passagem: ou você sobe até a rede, ou volta de uma vez.',
  ],
  [
    /\bparalela\b|\bcruzad[oa]\b|\bdiagonal\b/,
    'Cruzada é a bola que atravessa a quadra na diagonal, de um canto ao canto oposto; paralela é a que vai reta, rente à lateral do seu lado. A cruzada é mais segura (mais quadra e a rede mais baixa no meio); a paralela surpreende, mas tem menos margem.',
  ],
  [
    /\bskyball\b|\bsky ball\b/,
    'Skyball é o saque por baixo em que a bola sobe muito alto, quase na vertical, e cai perto da linha de fundo: quem devolve perde a noção de tempo com o sol e o vento. Para devolver, recue, deixe a bola cair bem e bata alto e profundo, sem pressa.',
  ],
  [
    /\bvoleio bloqueado\b|\bbloque(ar|io)\b/,
    'Voleio bloqueado é segurar a raquete firme à frente do corpo e só deixar a bola bater nela, quase sem movimento: a força vem da própria bola. Serve para bola rápida no corpo, quando não há tempo de preparar.',
  ],
]

/** The explanation of a term the message asks about, when one is named. */
export function explainTerm(message: string): string | undefined {
  const text = chatText(message)
  return TERMS.find(([re]) => re.test(text))?.[1]
}

/** "q q é 'fechar a paralela'?", "o que significa chapar?": asking what a term means. */
export const WHAT_IS =
  /\b(o que (e|eh|significa|seria|quer dizer)|oq (e|eh|significa|seria)|q q (e|eh)|que que (e|eh)|que e isso|significa o que|como assim|(o que|oq|q) (ele|ela|voce|vc) quer dizer|nao sei (o que|oq|q) (e|significa|quer dizer)|como (e|eh) (um|uma) (bola|golpe|jogada))\b/

/** The question a term belongs to ("fechar a paralela" is covering the partner), when it has one. */
export function termQuestion(message: string): string | undefined {
  const text = chatText(message)
  if (!WHAT_IS.test(text)) return undefined
  return TERMS.find(([re]) => re.test(text))?.[2]
}
