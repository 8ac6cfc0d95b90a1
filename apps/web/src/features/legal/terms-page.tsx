import { Link } from 'react-router'
import { LegalLayout, Placeholder } from './legal-layout'

export function TermsPage() {
  return (
    <LegalLayout title="Termos de Uso">
      {(f) => (
        <>
          <p>
            Estes Termos de Uso regulam o uso do aplicativo Areia, oferecido por{' '}
            <Placeholder>{f.company}</Placeholder> (“Areia”, “nós”). Ao criar uma conta ou usar o
            aplicativo, você declara que leu, entendeu e aceita estes Termos e a nossa{' '}
            <Link to="/privacy">Política de Privacidade</Link>.
          </p>

          <h2>1. O serviço</h2>
          <p>
            O Areia oferece a jogadores e atletas de beach tennis uma equipe de treinadores de
            inteligência artificial (IA) com quem se conversa pelo chat, análise de vídeos de
            partidas por visão computacional e por analistas humanos, conforme o plano contratado, e
            uma loja de agentes parceiros.
          </p>

          <h2>2. Idade mínima</h2>
          <p>
            Você precisa ter pelo menos <strong>13 (treze) anos</strong> para usar o Areia. Se você
            tem menos de 18 (dezoito) anos, só pode usar o aplicativo com a permissão e a supervisão
            de seus pais ou responsável legal, que também aceitam estes Termos.
          </p>

          <h2>3. Sua conta</h2>
          <p>
            Você é responsável pelas informações que fornece, por manter sua senha em sigilo e por
            toda atividade realizada na sua conta. Avise-nos imediatamente em caso de uso não
            autorizado. Você pode excluir sua conta a qualquer momento pelo próprio aplicativo.
          </p>

          <h2>4. Planos, cobrança e renovação automática</h2>
          <p>
            Além do período de teste gratuito (Free Trial), o Areia oferece planos pagos (Pro e
            Ultra). Os planos pagos são assinaturas com <strong>cobrança recorrente</strong>, mensal
            ou anual, conforme o ciclo escolhido, e com <strong>renovação automática</strong> ao fim
            de cada período, pelo mesmo meio de pagamento, até que você cancele. Preços, recursos e
            eventuais descontos de cupom são exibidos antes da contratação; um cupom vale apenas
            para a primeira cobrança.
          </p>

          <h2>5. Cancelamento, reembolso e direito de arrependimento</h2>
          <ul>
            <li>
              Você pode cancelar a assinatura a qualquer momento em “Meu Plano”. O cancelamento
              interrompe a renovação automática e{' '}
              <strong>produz efeito ao fim do período já pago</strong>, até quando você mantém o
              acesso.
            </li>
            <li>
              <strong>Não há reembolso de períodos parciais</strong>: o valor de um período iniciado
              não é devolvido proporcionalmente.
            </li>
            <li>
              Nas contratações feitas pela internet, você pode exercer o{' '}
              <strong>direito de arrependimento em até 7 (sete) dias</strong> contados da
              contratação, nos termos do art. 49 do Código de Defesa do Consumidor (Lei nº
              8.078/1990), com devolução integral do valor pago, escrevendo para{' '}
              <Placeholder>{f.contactEmail}</Placeholder>.
            </li>
          </ul>

          <h2>6. Seu conteúdo</h2>
          <p>
            Você continua titular das mensagens, vídeos e demais conteúdos que envia. Ao enviá-los,
            você nos concede uma licença não exclusiva, gratuita, mundial e válida enquanto durar a
            finalidade, para armazenar, processar, reproduzir e adaptar esse conteúdo com o fim de{' '}
            <strong>operar o serviço e treinar e aprimorar os modelos de IA</strong> do Areia,
            sempre conforme a Política de Privacidade. Você declara ter os direitos necessários
            sobre o que envia, inclusive autorização das pessoas que aparecem nos vídeos.
          </p>

          <h2>7. Uso aceitável</h2>
          <p>Ao usar o Areia, você se compromete a não:</p>
          <ul>
            <li>
              violar a lei, direitos de terceiros ou a privacidade e a imagem de outras pessoas;
            </li>
            <li>
              enviar conteúdo ilegal, ofensivo, discriminatório, violento ou sexualmente explícito;
            </li>
            <li>
              tentar acessar contas, sistemas ou dados sem autorização, ou burlar limites do plano;
            </li>
            <li>
              fazer engenharia reversa, extrair dados em massa ou usar o serviço para criar produto
              concorrente;
            </li>
            <li>compartilhar sua conta ou revender o acesso sem nossa autorização por escrito.</li>
          </ul>
          <p>
            Podemos suspender ou encerrar contas que descumpram estas regras, com aviso quando
            possível.
          </p>

          <h2>8. Sobre as respostas da inteligência artificial</h2>
          <p>
            Os treinadores do Areia são sistemas de IA. As respostas podem conter erros, imprecisões
            ou ser inadequadas ao seu caso e <strong>não substituem</strong> a orientação de
            profissionais de educação física, médicos, fisioterapeutas ou nutricionistas. Avalie
            cada recomendação, respeite seus limites físicos e procure um profissional antes de
            mudar sua rotina de treino ou em caso de dor ou lesão. As análises de vídeo são
            estimativas.
          </p>

          <h2>9. Limitação de responsabilidade</h2>
          <p>
            Na máxima extensão permitida pela lei, a responsabilidade total do Areia por danos
            relacionados ao serviço fica limitada ao{' '}
            <strong>
              maior valor entre R$ 100,00 (cem reais) e o total que você nos pagou nos 12 (doze)
              meses anteriores
            </strong>{' '}
            ao fato que deu origem à reclamação. Essa limitação não se aplica aos casos em que a lei
            não a admite, como dolo, culpa grave ou direitos irrenunciáveis do consumidor.
          </p>

          <h2>10. Alterações destes Termos</h2>
          <p>
            Podemos atualizar estes Termos. Mudanças relevantes serão avisadas no aplicativo ou por
            e-mail com antecedência razoável; o uso continuado após a vigência indica concordância.
          </p>

          <h2>11. Lei aplicável e foro</h2>
          <p>
            Estes Termos são regidos pelas <strong>leis da República Federativa do Brasil</strong>.
            Fica eleito o foro da comarca de <Placeholder>{f.city}</Placeholder>/
            <Placeholder>{f.state}</Placeholder>, ressalvado o direito do consumidor de propor ação
            no foro do seu domicílio.
          </p>

          <h2>12. Contato</h2>
          <p>
            Dúvidas sobre estes Termos: <Placeholder>{f.contactEmail}</Placeholder>.
          </p>
        </>
      )}
    </LegalLayout>
  )
}
