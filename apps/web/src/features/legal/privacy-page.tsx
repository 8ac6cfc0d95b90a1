import { Link } from 'react-router'
import { LegalLayout, Placeholder } from './legal-layout'

export function PrivacyPage() {
  return (
    <LegalLayout title="Política de Privacidade">
      {(f) => (
        <>
          <p>
            Esta Política explica como <Placeholder>{f.company}</Placeholder> (“Areia”, “nós”),
            controladora dos seus dados pessoais, coleta, usa, compartilha e protege essas
            informações, em conformidade com a{' '}
            <strong>Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018)</strong>.
            Leia também os <Link to="/terms">Termos de Uso</Link>.
          </p>

          <h2>1. Dados que coletamos</h2>
          <ul>
            <li>
              <strong>Cadastro:</strong> e-mail, senha (guardada apenas de forma criptografada) e,
              no login com Google, nome e e-mail da sua conta Google.
            </li>
            <li>
              <strong>Perfil de jogo:</strong> categoria, altura, mão dominante e gênero, usados
              para personalizar seus treinadores.
            </li>
            <li>
              <strong>Conteúdo:</strong> mensagens trocadas com os treinadores e vídeos de partidas
              que você envia.
            </li>
            <li>
              <strong>Cobrança:</strong> nome, CPF e endereço de cobrança, plano e histórico de
              pagamentos.
            </li>
            <li>
              <strong>Uso e dispositivo:</strong> registros de acesso (data, hora e IP), exigidos
              pelo Marco Civil da Internet, e a inscrição para notificações, se você ativá-las.
            </li>
          </ul>

          <h2>2. Dados de cartão</h2>
          <p>
            <strong>Não armazenamos os dados do seu cartão de crédito.</strong> O número do cartão e
            o código de segurança são criptografados no seu próprio aparelho e enviados diretamente
            ao processador de pagamentos (PagBank), que os trata sob suas próprias regras de
            segurança. Recebemos apenas um identificador do cartão para concluir a cobrança.
          </p>

          <h2>3. Para que usamos e bases legais</h2>
          <ul>
            <li>
              prestar o serviço contratado, o chat e a análise de vídeos (execução de contrato);
            </li>
            <li>cobrar e emitir documentos fiscais (execução de contrato e obrigação legal);</li>
            <li>
              treinar e aprimorar os modelos de IA, de forma minimizada e, sempre que possível,
              anonimizada (legítimo interesse, com direito de oposição);
            </li>
            <li>segurança, prevenção a fraudes e cumprimento de obrigações legais;</li>
            <li>enviar notificações push, somente com seu consentimento.</li>
          </ul>

          <h2>4. Compartilhamento</h2>
          <p>
            Compartilhamos dados apenas com operadores que nos ajudam a prestar o serviço
            (hospedagem e armazenamento, processamento de pagamentos, provedores de IA e analistas
            de vídeo sob dever de confidencialidade) e com autoridades, quando a lei exigir. Não
            vendemos seus dados. Transferências internacionais seguem o art. 33 da LGPD.
          </p>

          <h2>5. Por quanto tempo guardamos</h2>
          <p>
            Mantemos os dados enquanto sua conta existir. Ao excluir a conta, apagamos na hora seu
            cadastro, perfil, conversas, treinadores, memória, agentes parceiros, vídeos, análises e
            seus arquivos, inscrições de notificação, lista de espera e e-mails, e tiramos seu nome
            e e-mail dos registros de atividade da equipe. Guardamos apenas o que a lei manda,
            pseudonimizado (sem nome, e-mail, CPF ou identificador da conta):
          </p>
          <ul>
            <li>
              <strong>Registros de acesso</strong> (data, hora e IP de cada login), por 6 meses após
              o último uso (Marco Civil da Internet, art. 15);
            </li>
            <li>
              <strong>Registros fiscais dos pagamentos aprovados</strong> (plano, valor, data, forma
              de pagamento e os códigos da transação no PagBank), por 5 anos contados do ano
              seguinte ao do pagamento (Código Tributário Nacional, arts. 173 e 195).
            </li>
          </ul>
          <p>
            Passados esses prazos, esses registros são apagados automaticamente. O processador de
            pagamentos (PagBank) guarda os dados das transações conforme as próprias obrigações
            legais.
          </p>
          <p>
            <strong>Cópias de segurança.</strong> Para recuperar o serviço em caso de falha, o banco
            de dados é copiado uma vez por dia. Cada cópia é criptografada, fica com acesso restrito
            à equipe de operação e é destruída após 30 dias. Os dados de uma conta excluída podem
            continuar nessas cópias até que elas expirem, sem serem usados para nada; se uma cópia
            precisar ser restaurada, refazemos as exclusões feitas depois dela antes de o serviço
            voltar. No próprio servidor, o que foi apagado é sobrescrito logo após a exclusão.
          </p>

          <h2>6. Seus direitos como titular</h2>
          <p>Nos termos dos arts. 18 e 20 da LGPD, você pode, a qualquer momento:</p>
          <ul>
            <li>confirmar a existência de tratamento e acessar seus dados;</li>
            <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
            <li>
              pedir anonimização, bloqueio ou eliminação de dados desnecessários ou excessivos;
            </li>
            <li>pedir a portabilidade dos dados a outro fornecedor;</li>
            <li>pedir a eliminação dos dados tratados com base no seu consentimento;</li>
            <li>saber com quem compartilhamos seus dados;</li>
            <li>saber que pode negar o consentimento e quais as consequências disso;</li>
            <li>revogar o consentimento e se opor a tratamentos baseados em legítimo interesse;</li>
            <li>
              pedir a revisão de decisões tomadas unicamente com base em tratamento automatizado.
            </li>
          </ul>

          <h2>7. Como exercer seus direitos</h2>
          <p>
            Escreva para <Placeholder>{f.privacyEmail}</Placeholder>, a partir do e-mail da sua
            conta. Responderemos em até 15 (quinze) dias. No próprio aplicativo, em “Conta” (no
            menu), você baixa uma cópia de todos os seus dados (“Baixar meus dados”, em formato
            JSON) e pode excluir a conta. Se não ficar satisfeito, pode reclamar à Autoridade
            Nacional de Proteção de Dados (ANPD).
          </p>

          <h2>8. Segurança</h2>
          <p>
            Usamos conexões criptografadas, senhas com hash forte, controle de acesso e sessões que
            expiram. Nenhum sistema é totalmente imune a falhas; em caso de incidente relevante,
            avisaremos você e a ANPD, como manda a lei.
          </p>

          <h2>9. Crianças e adolescentes</h2>
          <p>
            O Areia não se destina a menores de 13 anos. O uso por adolescentes de 13 a 17 anos
            depende da permissão dos pais ou responsável, e tratamos seus dados no melhor interesse
            deles (art. 14 da LGPD).
          </p>

          <h2>10. Armazenamento local</h2>
          <p>
            Guardamos no seu navegador apenas o necessário para mantê-lo conectado (tokens de
            sessão) e suas preferências. Não usamos cookies de publicidade.
          </p>

          <h2>11. Alterações e contato</h2>
          <p>
            Podemos atualizar esta Política e avisaremos sobre mudanças relevantes. Encarregado de
            dados (DPO): <Placeholder>{f.privacyEmail}</Placeholder>. Outros assuntos:{' '}
            <Placeholder>{f.contactEmail}</Placeholder>.
          </p>
        </>
      )}
    </LegalLayout>
  )
}
