import type { ContentMap } from '../types'

/** Treino: como organizar a prática, evoluir, começar e escolher aulas. */
export const TRAINING: ContentMap = {
  'aula-particular': {
    examples: [
      'vale a pena fazer aula particular?',
      'aula particular ou em grupo, qual rende mais?',
      'compensa pagar aula individual de beach tennis',
      'faço aula em turma, devia fazer particular?',
      'quantas aulas particulares por mês fazer',
      'como aproveitar melhor a aula particular',
      'aula particular pra corrigir o saque, funciona?',
      'jogo há 1 ano só em grupo, sinto que parei de evoluir',
      'o que pedir pro professor numa aula particular',
      'aula a dois com minha dupla vale a pena?',
      'particular é só pra quem é avançado?',
    ],
    keywords: ['aula particular', 'aula individual', 'aula em grupo', 'turma', 'professor'],
    answers: [
      'Vale quando você tem **um ponto técnico específico** para corrigir (saque, smash, voleio de backhand): na aula particular o professor vê cada repetição e ajusta na hora. Para volume de jogo, leitura e ritmo, a aula em grupo rende mais; o ideal costuma ser combinar as duas.',
      'Aula particular é ótima para técnica: um golpe, um defeito, muitas repetições com correção. A de grupo é melhor para jogar muitas bolas e situações de jogo; se o orçamento permite, uma particular de vez em quando com foco claro, somada ao grupo, é uma combinação forte.',
      'Compensa se você chegar com um objetivo definido: "quero arrumar o lançamento do saque" rende muito mais numa particular do que "quero melhorar". Para ganhar rodagem e jogo, mantenha também a aula em grupo ou os jogos.',
    ],
    alt: [
      'A particular é a consulta com o especialista; a aula em grupo é a academia de todo dia. Você vai à consulta para resolver um problema específico e volta para a rotina para consolidar.',
      'Pense em ciclos: uma aula particular para aprender a correção, duas a quatro semanas de grupo e treino para repetir, e outra particular para checar e ajustar o próximo ponto.',
    ],
    tips: [
      'Leve à aula particular uma única prioridade, e diga ao professor qual é logo no começo.',
      'Peça ao professor um exercício para repetir por conta própria ou em grupo até a próxima aula.',
      'Filme um trecho da aula: rever a correção em casa ajuda a fixar.',
      'Aula a dois com a sua dupla é um ótimo meio-termo para trabalhar técnica e entrosamento juntos.',
    ],
    drills: [
      {
        name: 'Tarefa entre aulas',
        how: 'repita o exercício que o professor passou, sempre no começo do treino, e anote quantos acertos você faz',
        amount: 3,
        unit: 'sessões por semana',
      },
    ],
    related: ['escolher-professor', 'treino-fundamentos', 'jogar-vs-treinar'],
  },

  'frequencia-treino': {
    examples: [
      'quantas vezes por semana devo treinar?',
      'treinar todo dia faz mal?',
      'jogo 2x por semana, é pouco pra evoluir?',
      'qual a frequência ideal de treino pra beach tennis',
      'quantos dias de descanso por semana',
      'quero subir pra B, quantas vezes preciso treinar',
      'posso jogar dois dias seguidos?',
      'treino 6x por semana e tô sempre cansado',
      'qto tempo cada treino deve durar',
      'iniciante deve treinar quantas vezes',
      'uma vez por semana dá pra melhorar?',
    ],
    keywords: ['vezes por semana', 'frequência', 'quantos dias', 'todo dia', 'dias de descanso'],
    answers: [
      'Como referência geral: 2 a 3 sessões por semana para quem está começando, 3 a 4 para quem quer evoluir com consistência e 4 a 6 para quem compete forte, sempre com pelo menos um dia inteiro de descanso. Uma das sessões pode ser de físico, e o volume sobe aos poucos.',
      'Depende do nível e do objetivo: para aprender e se divertir, duas ou três vezes por semana já trazem evolução; para subir de categoria, três ou quatro, com uma de físico; competidores chegam a cinco ou seis, com descanso planejado. Regularidade vale mais do que muitas sessões numa semana e nenhuma na outra.',
      'O número certo é o que você mantém sem acumular cansaço ou dor: em geral, duas a três sessões para iniciantes, três a quatro para intermediários e até seis para avançados, com um dia de folga. Se me disser quantos dias e quanto tempo você tem, eu monto a semana.',
    ],
    alt: [
      'Pense em aprender um idioma: meia hora três vezes por semana rende mais do que quatro horas num sábado só. No beach tennis é igual, o corpo e a técnica aprendem com repetição espaçada e descanso entre as doses.',
      'Uma escada simples: comece com duas sessões semanais por um mês; se o corpo responder bem, vá para três; depois, acrescente uma de físico. Só suba mais um degrau quando o atual estiver confortável.',
    ],
    tips: [
      'Mantenha pelo menos um dia por semana sem nenhum treino.',
      'Evite dois dias seguidos de treino muito intenso; alterne com uma sessão leve ou de técnica.',
      'Sessões de 60 a 90 minutos bem aproveitadas costumam render mais que treinos de três horas.',
      'Cansaço que não passa, dor que volta e vontade de não ir são sinais de excesso de frequência.',
      'Se a agenda aperta, uma sessão curta em casa de físico ou de controle de bola ainda conta.',
    ],
    drills: [
      {
        name: 'Semana registrada',
        how: 'anote por quatro semanas os dias de treino, a duração e como o corpo acordou no dia seguinte, de 1 a 5',
        amount: 4,
        unit: 'semanas',
      },
    ],
    related: ['plano-semanal', 'jogar-vs-treinar', 'prevenir-lesoes'],
  },

  'plano-semanal': {
    examples: [
      'monta um plano de treino pra minha semana',
      'como organizar meus treinos na semana?',
      'tenho 3 dias pra treinar, como divido?',
      'me passa uma planilha de treino semanal',
      'quero um cronograma de treino de beach tennis',
      'segunda quarta e sexta livres, o que treino em cada dia',
      'rotina semanal de beach tennis com físico',
      'como encaixar academia e quadra na semana',
      'plano de treino pra quem trabalha o dia todo',
      'faz uma semana de treino pra mim',
      'em que ordem colocar técnica, jogo e físico na semana?',
    ],
    keywords: ['plano semanal', 'semana de treino', 'cronograma', 'planilha', 'rotina de treino'],
    answers: [
      'Uma boa semana tem quatro peças: **treino de fundamentos, treino de jogo em dupla, físico e descanso**. Com poucos dias, junte fundamentos e jogo na mesma sessão; com mais dias, separe. Me diga quantos dias e quanto tempo você tem em cada um que eu distribuo as sessões.',
      'Para montar a semana, distribua fundamentos (saque, devolução, voleio), jogo e tática em dupla, físico (força e prevenção) e pelo menos um dia de descanso, evitando dois dias pesados seguidos. Com os dias que você tem disponíveis, eu encaixo cada sessão no lugar certo.',
      'O plano parte dos dias que você tem: cada semana precisa de técnica, de jogo valendo ponto, de físico e de descanso, em proporções que mudam com o nível. Conte quantos dias e horários você tem livres que eu monto a sua semana.',
    ],
    alt: [
      'Pense na semana como um cardápio equilibrado: técnica é o prato principal, jogo é a salada que dá sentido ao prato, físico é a proteína que sustenta, e descanso é o sono depois da refeição. Com menos dias, cada refeição junta mais de um prato.',
      'Monte em três passos: 1) marque os dias disponíveis e o tempo de cada um; 2) coloque o descanso e afaste o físico pesado dos dias de jogo importante; 3) preencha os outros dias alternando fundamentos e jogo, terminando cada sessão com pontos.',
    ],
    tips: [
      'Coloque o treino de fundamentos no dia em que você tem mais energia e mais tempo.',
      'Deixe o físico pesado a pelo menos 48 horas de um jogo ou torneio importante.',
      'Todo treino de quadra termina com algo valendo ponto, para testar o fundamento do dia.',
      'Revise o plano a cada quatro semanas: o que ficou fácil sai, o que você ainda erra entra.',
      'Se só houver um dia de quadra, acrescente uma sessão curta de físico e controle de bola em casa.',
    ],
    drills: [
      {
        name: 'Bloco de fundamentos com meta',
        how: 'escolha um fundamento, defina uma meta de acertos em alvo e só passe ao próximo bloco quando bater a meta ou o tempo acabar',
        amount: 30,
        unit: 'minutos',
      },
    ],
    related: ['frequencia-treino', 'treino-fundamentos', 'preparo-fisico', 'treino-pre-torneio'],
  },

  'treino-sozinho': {
    examples: [
      'como treinar beach tennis sozinho?',
      'não tenho parceiro pra treinar, o que faço',
      'exercício pra fazer sozinho na quadra',
      'dá pra treinar saque sozinho?',
      'treino no paredão funciona pro beach?',
      'cheguei na quadra e ninguém apareceu, o que treino',
      'como melhorar o controle de bola sozinho',
      'treino individual de beach tennis sem professor',
      'quero evoluir mas meus amigos só querem jogar',
      'balde de bolas sozinho, o que fazer com ele',
    ],
    keywords: ['sozinho', 'sozinha', 'sem parceiro', 'paredão', 'treino individual'],
    answers: [
      'Mesmo sem ninguém, dá para treinar muito: saque em alvos com um balde de bolas, controle de bola na raquete, voleios no paredão e sombra de saque e smash, além do físico. Defina uma meta em cada bloco (por exemplo, acertos em alvo) para o treino ter medida.',
      'Sem parceiro, foque no que depende só de você: saque com alvos marcados na areia, embaixadinha de raquete alternando as faces, voleio num muro e movimento de smash sem bola. Fechando com deslocamentos na areia, você tem um treino completo.',
      'O saque é o golpe perfeito para treinar sem parceiro, e o controle de bola vem logo depois. Monte uma sessão com saques em alvos, paredão ou embaixadinha, sombra dos golpes e uns minutos de agilidade na areia.',
    ],
    alt: [
      'Pense no músico que estuda escalas sozinho em casa: não é o show, mas é o que faz o show sair bem. O saque em alvo e o controle de bola são as suas escalas.',
      'Uma sessão de 45 minutos: 10 de aquecimento e deslocamentos, 15 de saques em três alvos, 10 de controle de bola ou paredão, 5 de sombra de smash e 5 de físico de core.',
    ],
    tips: [
      'Marque alvos na quadra com toalhas, cones ou garrafas e conte quantos saques caem em cada um.',
      'Na embaixadinha de raquete, alterne as faces e tente bater seu recorde a cada sessão.',
      'No paredão, fique a uns 3 metros e mantenha a raquete sempre à frente do corpo.',
      'Faça a sombra do saque e do smash devagar, conferindo a posição do corpo, e depois acelere.',
      'Filme alguns saques com o celular apoiado e compare o lançamento de uma semana para outra.',
    ],
    drills: [
      {
        name: 'Saque em três alvos',
        how: 'marque alvos no fundo, no meio e na lateral da quadra adversária e saque alternando entre eles, contando os acertos',
        amount: 30,
        unit: 'saques',
      },
      {
        name: 'Embaixadinha de raquete',
        how: 'bata a bola para cima sem deixar cair, alternando as faces da raquete, e conte o seu recorde',
        amount: 5,
        unit: 'séries de 1 minuto',
      },
    ],
    related: ['treino-casa', 'saque-basico', 'treino-fundamentos'],
  },

  'treino-dupla': {
    examples: [
      'exercícios pra treinar com minha dupla',
      'o que treinar em dupla além de jogar?',
      'treino a dois de beach tennis',
      'somos quatro na quadra, que treino fazer',
      'drill de voleio cruzado, como funciona',
      'como treinar lob e smash com o parceiro',
      'treino com minha parceira pra melhorar a rede',
      'jogos com tema pra treinar em quatro',
      'exercício pra treinar ponto de ouro',
      'minha dupla e eu só jogamos, como treinar de verdade',
    ],
    keywords: [
      'treinar em dupla',
      'treino a dois',
      'em quatro',
      'drill',
      'voleio cruzado',
      'ponto com tema',
    ],
    answers: [
      'Em dupla ou em quatro, use exercícios com objetivo: voleio cruzado na rede, lob e smash alternando quem ataca e quem defende, e pontos com tema (por exemplo, só vale ponto depois de subir à rede). Termine com pontos de ouro e tie-breaks curtos.',
      'Treinar com a dupla rende mais quando cada bloco tem um tema: trocas de voleio cruzado, um lança lob e o outro smasha, saque e devolução com alvo, e jogos com regras especiais. Deixe os últimos minutos para simular placar apertado.',
      'Com dois jogadores, faça voleio cruzado, lob e smash e saque com devolução; com quatro, acrescente pontos com tema e situações de placar, como começar cada game no 30/30. Cada exercício com meta de acertos ou de pontos.',
    ],
    alt: [
      'Jogar partida é como conversar; treinar com tema é como ensaiar uma frase difícil até ela sair natural. O tema (lob e smash, rede, ponto de ouro) escolhe a frase do dia.',
      'Monte uma sessão de 90 minutos: 15 de aquecimento em minitênis, 20 de voleio cruzado, 20 de lob e smash, 20 de saque e devolução com alvo e 15 de pontos valendo, começando no 30/30.',
    ],
    tips: [
      'Troque de lado a cada bloco para os dois treinarem o forehand e o backhand na rede.',
      'Em pontos com tema, combine antes a regra e a contagem, para ninguém ficar discutindo no meio.',
      'Comecem cada game no 30/30 ou no 40/40 para treinar pressão e ponto de ouro.',
      'Depois de cada bloco, troquem uma frase: o que funcionou e o que ajustar no próximo.',
    ],
    drills: [
      {
        name: 'Voleio cruzado',
        how: 'os dois na rede, trocando voleios na diagonal, sem deixar cair, e depois alternando forehand e backhand',
        amount: 30,
        unit: 'trocas seguidas (meta)',
      },
      {
        name: 'Lob e smash',
        how: 'um joga lob alto e profundo, o outro smasha para uma zona combinada; troquem de função a cada série',
        amount: 20,
        unit: 'smashes por jogador',
      },
    ],
    related: ['entrosamento-dupla', 'treino-fundamentos', 'comunicacao-dupla'],
  },

  'treino-casa': {
    examples: [
      'como treinar beach tennis em casa?',
      'não tenho quadra perto, o que faço em casa pra melhorar',
      'treino em casa sem areia pro beach',
      'exercício de raquete dentro de casa',
      'chovendo, dá pra treinar em casa?',
      'treino no apartamento pra beach tennis',
      'físico em casa pra jogar melhor',
      'fico a semana toda sem quadra, o que fazer',
      'elástico em casa serve pro beach?',
      'quero manter o jogo nas férias sem quadra',
    ],
    keywords: ['em casa', 'sem areia', 'sem quadra', 'apartamento', 'treino domiciliar'],
    answers: [
      'Em casa você treina **físico, controle de bola, sombra dos golpes e mobilidade**: agachamento, avanço, prancha e elástico para o ombro; embaixadinha com a raquete; e o movimento do saque e do smash sem bola, devagar, olhando num espelho.',
      'Sem areia, aproveite para o que sustenta o jogo: força de pernas e core, prevenção de ombro com elástico, equilíbrio numa perna só, controle de bola com a raquete e sombra dos golpes. Vinte a trinta minutos, duas ou três vezes por semana, já fazem diferença.',
      'O treino em casa é o lugar da base: físico com o peso do corpo, elástico para o manguito, controle de bola e sombra dos golpes diante do espelho. Quando voltar à quadra, o corpo e o movimento estão prontos.',
    ],
    alt: [
      'A casa é a oficina e a quadra é a estrada: na oficina você ajusta peças (força, mobilidade, movimento) sem a pressa do jogo. Quando pega a estrada, o carro já sai regulado.',
      'Uma sessão de 25 minutos na sala: 5 de mobilidade, 10 de circuito (agachamento, avanço, prancha, elástico de ombro), 5 de controle de bola e 5 de sombra de saque e voleio no espelho.',
    ],
    tips: [
      'Use uma bola mais macia ou de espuma para o controle de bola dentro de casa.',
      'Na frente do espelho, faça a sombra do voleio com a raquete sempre à frente do corpo e o punho firme.',
      'Equilíbrio numa perna só sobre uma almofada imita a instabilidade da areia.',
      'Saltar corda alguns minutos treina o ritmo dos pés e o fôlego sem precisar de espaço.',
    ],
    drills: [
      {
        name: 'Circuito de sala',
        how: 'faça agachamento, avanço alternado, prancha e rotação externa com elástico, 40 segundos cada, com 20 de pausa',
        amount: 3,
        unit: 'voltas',
      },
      {
        name: 'Sombra no espelho',
        how: 'repita devagar o movimento do saque e do voleio diante do espelho, parando no ponto de contato para conferir a posição',
        amount: 20,
        unit: 'repetições de cada golpe',
      },
    ],
    related: ['treino-sozinho', 'preparo-fisico', 'forca-academia'],
  },

  'treino-pre-torneio': {
    examples: [
      'como treinar na semana do torneio?',
      'tenho torneio no sábado, treino até quando?',
      'devo treinar pesado antes do torneio?',
      'o que fazer na véspera do torneio',
      'diminuo o treino na semana da competição?',
      'faço academia na semana do torneio?',
      'como me preparar nos últimos dias antes de competir',
      'treino no dia anterior ao torneio, pode?',
      'quanto descansar antes do campeonato',
      'semana de torneio, treino técnico ou jogo?',
    ],
    keywords: [
      'semana do torneio',
      'véspera',
      'antes do torneio',
      'antes da competição',
      'polimento',
    ],
    answers: [
      'Na semana do torneio, **reduza o volume (mais ou menos um terço) e mantenha a intensidade**: treinos mais curtos, com bolas de qualidade, simulando pontos de ouro e tie-breaks. Nada de físico pesado nas 48 horas antes, e a véspera é de descanso ou de um treino bem leve.',
      'A semana antes de competir não é para aprender nada novo: encurte os treinos, repita o que funciona e simule situações de placar. Corte o físico pesado nos dois dias anteriores e chegue com as pernas frescas.',
      'Menos volume, mesma intensidade, nada novo: esse é o resumo. Faça treinos curtos com pontos valendo, afine saque e devolução, durma bem e deixe a véspera leve.',
    ],
    alt: [
      'É como a última semana antes de uma prova: você não começa matéria nova, revisa o que já sabe, dorme bem e chega com a cabeça leve. O corpo precisa do mesmo: revisar, não construir.',
      'Um roteiro para torneio no sábado: segunda, treino normal; terça, técnico mais curto; quarta, pontos com placar; quinta, físico leve ou descanso; sexta, 30 a 40 minutos leves de saque, devolução e voleio, ou descanso.',
    ],
    tips: [
      'Não troque de raquete, de overgrip nem de golpe na semana do torneio.',
      'Simule o começo dos jogos: os primeiros games de torneio costumam sair tensos.',
      'Treine pontos de ouro e tie-breaks nos últimos treinos antes de competir.',
      'Confira o horário do primeiro jogo e planeje sono e alimentação em torno dele.',
    ],
    drills: [
      {
        name: 'Simulado de placar',
        how: 'jogue games começando no 30/30 e tie-breaks curtos, com a dupla que vai ao torneio',
        amount: 6,
        unit: 'games',
      },
    ],
    related: ['primeiro-torneio', 'sono-antes-jogo', 'bolsa-torneio', 'plano-semanal'],
  },

  'subir-categoria': {
    examples: [
      'como subir da C para a B?',
      'o que falta pra eu sair da categoria D',
      'quero subir de categoria, o que treinar',
      'quando sei que estou pronto pra próxima categoria',
      'ganhei um torneio na C, devo subir?',
      'jogo há 2 anos na mesma categoria',
      'diferença entre jogador de C e de B',
      'o que a galera da B faz que a C não faz',
      'como passar de iniciante para D',
      'quantos torneios jogar pra subir de categoria',
    ],
    keywords: [
      'subir de categoria',
      'próxima categoria',
      'categoria B',
      'categoria C',
      'categoria D',
      'evoluir de nível',
    ],
    answers: [
      'Para subir de categoria, o que costuma faltar é **consistência e jogo de rede**: menos erros não forçados, saque e devolução quase sempre em jogo, voleio firme e smash que finaliza. Meça isso nos seus jogos, jogue torneios regularmente e confira no regulamento do seu circuito quando a mudança é obrigatória ou opcional.',
      'A diferença entre categorias quase nunca é um golpe espetacular: é errar menos, decidir melhor e ganhar mais pontos de ouro. Treine o que mais falha nos seus jogos, acompanhe os números e entre em torneios da sua categoria até vencer com frequência.',
      'Você está perto da próxima categoria quando vence boa parte dos jogos da atual e os pontos perdidos são mais mérito do adversário do que erro seu. As regras de subida mudam conforme a federação e o circuito, então leia o regulamento.',
    ],
    alt: [
      'Subir de categoria é como passar de ano na escola: não basta tirar dez numa prova, tem que ter média boa em todas. Saque, devolução, rede e cabeça são as matérias; a que está com nota baixa é a que segura você.',
      'Faça um raio-x de três jogos: quantos saques você errou, quantas devoluções foram para fora ou na rede, quantos pontos de ouro venceu. O número pior é o primeiro alvo de treino; quando melhorar, passe para o próximo.',
    ],
    tips: [
      'Jogue de vez em quando com duplas da categoria acima: você aprende o ritmo em que precisa jogar.',
      'Escolha um fundamento-chave por mês e treine com meta de acerto.',
      'Anote os resultados e os placares dos torneios: a evolução aparece mais na regularidade do que numa vitória isolada.',
      'Treine a parte mental dos pontos decisivos, que pesa mais nas categorias de cima.',
      'Enviar vídeos de jogos para análise ajuda a ver o que você não percebe em quadra.',
    ],
    drills: [
      {
        name: 'Meta de consistência',
        how: 'em pontos de treino, conte os erros não forçados por game e tente reduzir esse número a cada semana',
        amount: 8,
        unit: 'games',
      },
    ],
    related: ['medir-evolucao', 'regra-categorias', 'tempo-evolucao', 'plato-evolucao'],
  },

  'tempo-evolucao': {
    examples: [
      'quanto tempo leva pra jogar bem beach tennis?',
      'em quanto tempo saio de iniciante?',
      'jogo há 6 meses, estou evoluindo devagar?',
      'quanto tempo pra conseguir jogar torneio',
      'é normal demorar pra pegar o jeito?',
      'em quanto tempo dá pra subir pra categoria C',
      'comecei há 3 meses e ainda erro muito',
      'depois de quanto tempo a gente consegue manter rali',
      'minha amiga evoluiu mais rápido que eu, por quê',
      'quanto tempo pra aprender a sacar direito',
    ],
    keywords: ['quanto tempo', 'evoluir', 'sair de iniciante', 'pegar o jeito', 'demora'],
    answers: [
      'Depende principalmente de **frequência, aulas e jogos**: como referência geral, quem treina duas ou três vezes por semana com aula costuma manter ralis e jogar com segurança em alguns meses, e sair de iniciante entre seis meses e um ano. O ritmo muda de pessoa para pessoa, e quem vem de outro esporte de raquete costuma começar na frente.',
      'Não há prazo fixo: quem joga mais vezes, faz aula e joga torneios evolui mais rápido. Como referência geral, os primeiros meses trazem o rali e o saque; a segurança de rede e a primeira competição costumam vir entre seis meses e um ano de prática regular.',
      'A evolução vem em marcos, não em datas: manter o rali, sacar com segurança, volear dos dois lados, smashar, jogar o primeiro torneio. Com duas ou três sessões por semana e aula, muita gente passa por esses marcos no primeiro ano.',
    ],
    alt: [
      'É como aprender a dirigir: no começo você pensa em cada pedal; com prática regular, de repente dirige conversando. O tempo até esse "clique" depende de quantas vezes por semana você pega o carro, não do calendário.',
      'Use marcos em vez de datas: 1) rali de 10 bolas; 2) 8 de 10 saques dentro; 3) voleio dos dois lados sem medo; 4) smash em bola fácil; 5) primeiro torneio. Cada marco cumprido é evolução, chegue quando chegar.',
    ],
    tips: [
      'Compare o seu jogo de hoje com o de três meses atrás, não com colegas que começaram junto.',
      'Quem vem do tênis, do padel ou do vôlei costuma pegar partes do jogo mais rápido, e isso é normal.',
      'Evolução tem platôs: semanas sem melhora aparente costumam vir antes de um salto.',
      'Aula regular encurta o caminho, porque evita repetir por meses um erro técnico.',
    ],
    drills: [
      {
        name: 'Checklist de marcos',
        how: 'a cada mês, teste os marcos (rali de 10 bolas, 8 de 10 saques dentro, voleio dos dois lados) e anote quais já cumpre',
        amount: 1,
        unit: 'teste por mês',
      },
    ],
    related: ['plato-evolucao', 'frequencia-treino', 'subir-categoria', 'comecar-beach-tennis'],
  },

  'comecar-beach-tennis': {
    examples: [
      'nunca joguei beach tennis, como começo?',
      'quero começar a jogar beach, por onde vou',
      'preciso comprar raquete pra primeira aula?',
      'beach tennis é difícil pra quem nunca jogou nada?',
      'o que preciso saber antes da primeira aula',
      'vou fazer minha primeira aula semana que vem, alguma dica?',
      'como funciona o beach tennis, sou totalmente leigo',
      'onde aprender beach tennis do zero',
      'primeira aula experimental, o que levar',
      'é preciso saber jogar tênis pra jogar beach?',
      'sou sedentária e quero começar no beach',
    ],
    keywords: [
      'começar',
      'iniciar',
      'primeira aula',
      'nunca joguei',
      'aula experimental',
      'do zero',
    ],
    answers: [
      'Comece com uma **aula experimental** numa escola ou arena: normalmente emprestam raquete e bolas, e você aprende as regras básicas jogando. Leve roupa leve, protetor, água e, se a areia estiver quente, meia de areia; não precisa comprar raquete antes de saber se vai gostar.',
      'O primeiro passo é marcar uma aula experimental; você não precisa de experiência em outro esporte nem de equipamento próprio. Lá você aprende o essencial: a bola não pode quicar, cada ponto começa com um único saque e o jogo costuma ser em dupla.',
      'Procure uma escola com turma para iniciantes e faça uma aula experimental com raquete emprestada. Nas primeiras semanas, o objetivo é manter a bola no ar e se divertir; a compra da raquete e os primeiros jogos vêm depois.',
    ],
    alt: [
      'Pense no beach tennis como uma mistura de vôlei de praia e tênis: dupla, areia e rede como no vôlei, raquete como no tênis, mas a bola nunca quica. Com essa imagem, a primeira aula faz sentido logo.',
      'Um roteiro para o primeiro mês: semana 1, aula experimental; semanas 2 a 4, duas aulas por semana numa turma iniciante; no fim do mês, jogos leves com colegas da turma e a escolha da primeira raquete, já sabendo do que você gosta.',
    ],
    tips: [
      'Escolha uma turma do seu nível: aula com gente muito mais avançada desanima no começo.',
      'Nas primeiras aulas, aqueça bem e vá com calma na areia: panturrilha e ombro ainda estão se acostumando.',
      'Aprenda as regras básicas desde o começo: a bola não quica, há um único saque e em 40 a 40 vale o ponto de ouro.',
      'Depois de algumas aulas, teste raquetes de colegas antes de comprar a sua.',
    ],
    drills: [
      {
        name: 'Bola no ar',
        how: 'com um colega, troque bolas leves perto da rede tentando manter o rali sem deixar cair, contando os toques',
        amount: 10,
        unit: 'minutos',
      },
    ],
    facts: [
      'A bola não pode tocar a areia do seu lado: todo golpe é de voleio.',
      'Há um único saque por ponto, sem segundo saque.',
    ],
    related: ['raquete-iniciante', 'regra-simples', 'escolher-professor', 'tempo-evolucao'],
  },

  'treino-fundamentos': {
    examples: [
      'como montar um treino de fundamentos?',
      'me dá um treino técnico de 1 hora',
      'estrutura de uma sessão de treino de beach tennis',
      'o que fazer num treino de 90 minutos',
      'sequência ideal de um treino de beach',
      'treino de fundamentos pra fazer com o professor',
      'como dividir o tempo do treino',
      'me passa um treino completo de quadra',
      'quero um treino pra trabalhar saque, voleio e smash',
      'por onde começar o treino, aquecimento e depois?',
    ],
    keywords: [
      'treino de fundamentos',
      'sessão de treino',
      'treino técnico',
      'estrutura do treino',
    ],
    answers: [
      'Uma sessão de fundamentos tem quatro partes: aquecimento (10 a 15 min), fundamentos com alvo e repetição (30 a 40 min), situações de jogo que usam esses fundamentos (20 a 30 min) e pontos valendo (15 a 20 min). Escolha um ou dois fundamentos por treino, não todos.',
      'Organize o treino do simples para o complexo: aqueça, repita o fundamento do dia com alvos, coloque-o numa situação de jogo e termine com pontos. Em 60 a 90 minutos, isso cabe com folga.',
      'Comece pelo aquecimento, gaste o bloco principal em um ou dois fundamentos com meta de acerto, depois treine a situação em que o fundamento aparece no jogo e feche com pontos. Assim o golpe treinado chega de verdade à partida.',
    ],
    alt: [
      'É como aprender uma música: primeiro o acorde isolado (fundamento com alvo), depois o trecho da música (situação de jogo) e, por fim, a música inteira (pontos). Pular direto para a música inteira é tocar sempre os mesmos erros.',
      'Modelo de 90 minutos com tema "voleio": 15 de aquecimento; 35 de voleio em alvos, dos dois lados; 25 de situação, com devolução e subida à rede; 15 de pontos em que quem ganha com voleio marca em dobro.',
    ],
    tips: [
      'Escolha o tema do treino antes de entrar em quadra e conte para quem vai treinar com você.',
      'Dê metas claras a cada bloco, como 7 de 10 no alvo, para saber se o treino funcionou.',
      'Faça pausas curtas para beber água entre os blocos, não no meio deles.',
      'Nos pontos finais, crie uma regra que premie o fundamento treinado.',
    ],
    drills: [
      {
        name: 'Fundamento com alvo',
        how: 'repita o fundamento do dia mirando uma zona marcada na quadra e anote quantas bolas caem dentro a cada série',
        amount: 40,
        unit: 'bolas',
      },
    ],
    related: ['plano-semanal', 'treino-dupla', 'aquecimento', 'aula-particular'],
  },

  'jogar-vs-treinar': {
    examples: [
      'é melhor só jogar ou treinar fundamento?',
      'só jogo partida, isso basta pra evoluir?',
      'quanto tempo treinar e quanto tempo jogar',
      'meus amigos só querem jogar, treinar é perda de tempo?',
      'jogar muito melhora o jogo?',
      'proporção de treino e jogo pra iniciante',
      'aula ou jogo, o que rende mais',
      'jogo 4x por semana e não melhoro, por quê',
      'treino técnico é chato, preciso mesmo?',
      'divido como meu tempo entre aula e jogar',
    ],
    keywords: ['só jogar', 'jogar ou treinar', 'proporção', 'partidas', 'fundamentos'],
    answers: [
      'Os dois, em proporções que mudam com o nível: **quem está começando aproveita bem uns 70% do tempo em fundamentos**; no nível intermediário, metade e metade; no avançado, mais situações de jogo e placar. Só jogar repete os mesmos erros; só treinar não ensina a decidir sob pressão.',
      'Só jogar costuma levar a um platô, porque você repete o que já sabe e evita o que erra. Treinar fundamentos corrige e amplia o repertório; jogar testa e ensina a decidir. Para iniciantes, mais treino; para avançados, mais jogo com tema.',
      'Jogar é a prova, treinar é o estudo: quem só faz prova não aprende matéria nova. Uma referência geral é 70% fundamentos para iniciantes, meio a meio para intermediários e mais jogo com tema para avançados.',
    ],
    alt: [
      'Pense num cozinheiro: cozinhar para os amigos todo dia mantém a mão, mas a técnica nova de corte ele aprende treinando sozinho, devagar. No beach tennis, a partida é o jantar; o treino de fundamentos é a técnica nova.',
      'Faça um teste de um mês: troque uma das suas partidas da semana por um treino com tema (saque, voleio ou smash) e compare os números dos jogos antes e depois.',
    ],
    tips: [
      'Transforme jogos em treino com regras: ponto começando no 30/30, saque só em um alvo, ponto vale dobrado se terminar no voleio.',
      'Antes de cada partida, escolha uma coisa para observar em você, como saque dentro ou subir à rede.',
      'Depois do jogo, anote os dois golpes em que você mais errou e leve-os ao próximo treino.',
      'Se você só joga, pelo menos aqueça com 10 minutos de fundamentos antes das partidas.',
    ],
    drills: [
      {
        name: 'Partida com tema',
        how: 'jogue um set em que cada ponto terminado com o fundamento do dia vale dois',
        amount: 1,
        unit: 'set',
      },
    ],
    related: ['plano-semanal', 'treino-fundamentos', 'plato-evolucao'],
  },

  'parceiro-fixo': {
    examples: [
      'vale a pena ter dupla fixa?',
      'melhor jogar sempre com o mesmo parceiro ou variar?',
      'como escolher minha dupla pra torneio',
      'dupla fixa ou jogar com vários',
      'meu parceiro joga em outra categoria, jogo com ele?',
      'como achar um parceiro pra jogar torneio',
      'o que olhar numa parceira de beach tennis',
      'quero montar dupla pra competir, qual perfil buscar',
      'trocar de dupla atrapalha minha evolução?',
      'jogo com amigos diferentes toda semana, tá errado?',
    ],
    keywords: ['dupla fixa', 'parceiro fixo', 'escolher dupla', 'variar parceiro', 'parceira'],
    answers: [
      'Para competir, **dupla fixa** rende mais: vocês combinam posicionamento, sinais e quem cobre o meio, e isso só vem com tempo juntos. Variar parceiros nos treinos também é útil, porque amplia o seu repertório; o ideal é ter uma dupla fixa para torneios e jogar com outros nos treinos.',
      'Dupla fixa é vantagem em torneio, porque o entrosamento decide muitos pontos; variar parceiros é bom para aprender a se adaptar. Para escolher dupla, veja se os estilos se completam, se o nível é parecido e, principalmente, se a comunicação é boa.',
      'Depende do objetivo: para competir, dupla fixa; para evoluir no seu jogo, variar também ajuda. Na escolha, procure complemento de estilo, objetivos parecidos e alguém com quem você conversa bem depois de uma derrota.',
    ],
    alt: [
      'Dupla fixa é como uma banda que ensaia junta: cada um sabe quando o outro vai entrar. Tocar com músicos diferentes ensina a improvisar, mas no show a banda ensaiada soa melhor.',
      'Faça três perguntas sobre um possível parceiro: nossos jogos se completam (um mais de rede, outro mais de fundo, por exemplo)? Queremos a mesma coisa (diversão, ranking, categoria)? Conseguimos conversar sem briga depois de perder?',
    ],
    tips: [
      'Combinem com a dupla fixa quem cobre a bola do meio e quem fica com o lob em cada situação.',
      'Treinem juntos, não só joguem torneios juntos: entrosamento se constrói no treino.',
      'Com uma dupla nova, joguem alguns jogos-treino antes de competir.',
      'Se um for canhoto e o outro destro, decidam juntos em que lado cada um joga.',
      'Conversem sobre metas no começo da temporada, para ninguém se frustrar com expectativas diferentes.',
    ],
    drills: [
      {
        name: 'Treino de entrosamento',
        how: 'joguem pontos em que a dupla precisa falar "minha" ou "sua" em toda bola do meio; ponto sem fala é ponto perdido',
        amount: 20,
        unit: 'pontos',
      },
    ],
    related: ['entrosamento-dupla', 'comunicacao-dupla', 'conflito-parceiro', 'dupla-lados'],
  },

  'treino-crianca': {
    examples: [
      'com que idade criança pode começar beach tennis?',
      'meu filho de 7 anos pode fazer aula?',
      'beach tennis é bom pra criança?',
      'quantas vezes por semana criança deve treinar',
      'aula de beach tennis infantil como funciona',
      'minha filha quer competir com 10 anos, é cedo?',
      'criança no sol da quadra, que cuidados ter',
      'tem categoria infantil em torneio de beach?',
      'como incentivar meu filho no beach sem pressionar',
      'meu filho de 9 anos treina 4x por semana, é muito?',
    ],
    keywords: ['criança', 'infantil', 'filho', 'filha', 'kids', 'júnior', 'idade para começar'],
    answers: [
      'Muitas escolas aceitam crianças **a partir dos 5 ou 6 anos**, em aulas lúdicas, com bola mais lenta, raquete leve e quadra ou rede adaptadas; mais importante que a idade é a aula ser divertida e o volume ser pequeno. Capriche na proteção solar e na água, que pesam ainda mais para crianças.',
      'Beach tennis é ótimo para crianças: desenvolve coordenação, agilidade e convivência. O começo deve ser brincadeira, com uma ou duas aulas por semana, bolas lentas e equipamento do tamanho delas; competição vem depois, quando a criança quiser.',
      'Criança pode começar cedo, desde que seja em aula lúdica, com material adaptado e pouco volume. Há categorias por idade nos torneios (confira no regulamento do circuito), mas o mais importante nos primeiros anos é ela gostar do esporte.',
    ],
    alt: [
      'Para a criança, a aula deve parecer recreio com raquete: jogos, desafios e muita bola no ar. Quem se diverte volta na semana seguinte; quem é cobrado como adulto costuma largar.',
      'Pense em três tamanhos: tamanho do material (raquete leve, bola lenta), tamanho da aula (curta e variada) e tamanho da cobrança (pequena). Tudo menor que no adulto.',
    ],
    tips: [
      'Prefira horários de sol mais fraco e protetor solar reaplicado com frequência.',
      'Leve água e lanche e ofereça pausas a cada poucos minutos de atividade.',
      'Elogie o esforço e a evolução, não só a vitória.',
      'Deixe a criança experimentar outros esportes também: variedade ajuda no desenvolvimento.',
      'Competição só quando a criança pedir e estiver se divertindo nos treinos.',
    ],
    drills: [
      {
        name: 'Desafio do rali',
        how: 'com bola lenta e perto da rede, a criança tenta bater o próprio recorde de toques seguidos com o professor ou os pais',
        amount: 10,
        unit: 'minutos',
      },
    ],
    related: ['raquete-crianca', 'escolher-professor', 'protecao-sol'],
  },

  'escolher-professor': {
    examples: [
      'como escolher um bom professor de beach tennis?',
      'qual escola de beach tennis escolher',
      'o que faz um professor ser bom?',
      'meu professor não corrige nada, troco?',
      'professor que só joga com a gente, tá certo?',
      'como avaliar uma aula experimental',
      'professor bom precisa ter sido atleta?',
      'quero trocar de escola, o que observar',
      'turma muito misturada, é ruim?',
      'como saber se estou numa boa aula de beach',
    ],
    keywords: ['professor', 'escola', 'arena', 'treinador', 'aula experimental', 'didática'],
    answers: [
      'Escolha quem **explica com clareza, corrige você individualmente e dá feedback concreto**, numa turma do seu nível. Faça uma aula experimental e observe: o professor tem um plano para a aula, ajusta os exercícios a cada aluno e diz o que você deve corrigir?',
      'Um bom professor tem didática, não só bom jogo: explica o porquê, mostra, corrige e acompanha a sua evolução. Olhe também a turma (nível parecido com o seu), o número de alunos por professor e se as aulas têm estrutura ou são só jogo.',
      'Faça aulas experimentais em mais de um lugar e compare: quem corrigiu você de forma concreta, explicou bem e organizou a aula com começo, meio e fim? Turma do seu nível e um ambiente em que você se sente à vontade completam a escolha.',
    ],
    alt: [
      'Um bom professor é como um bom médico: escuta, examina, explica o diagnóstico em palavras que você entende e passa um tratamento. O professor que só joga com a turma é o médico que só conversa.',
      'Leve uma lista de quatro perguntas para a aula experimental: o professor me corrigiu pelo menos uma vez? Entendi o porquê? A turma tem o meu nível? Saí com um exercício para praticar? Mais "sim", melhor a escolha.',
    ],
    tips: [
      'Pergunte ao professor qual é o plano da turma para o mês: bons professores trabalham por temas.',
      'Observe se há muitos alunos para um professor só: a correção individual some.',
      'Conversar com alunos antigos ajuda a saber como é o acompanhamento ao longo do tempo.',
      'Ser um grande jogador não garante ser um grande professor: a didática é o que conta.',
    ],
    drills: [
      {
        name: 'Aula experimental com roteiro',
        how: 'em cada aula experimental, anote se houve correção individual, se você entendeu o porquê e se saiu com um exercício para praticar',
        amount: 2,
        unit: 'aulas experimentais',
      },
    ],
    related: ['aula-particular', 'comecar-beach-tennis', 'treino-crianca'],
  },
}
