import { type MailContent, renderHtml, renderText } from './layout'
import { LINK_TOKEN_PLACEHOLDER } from './links'
import type { Mail } from './outbox'

/** Who the e-mail is for: the greeting uses the name when the player gave one. */
export interface Recipient {
  email: string
  name: string | null
}

const hello = (r: Recipient) => `Olá${r.name ? `, ${r.name}` : ''}!`

function mail(to: Recipient, subject: string, content: Omit<MailContent, 'greeting'>): Mail {
  const full = { greeting: hello(to), ...content }
  return { to: to.email, subject, text: renderText(full), html: renderHtml(subject, full) }
}

/**
 * The e-mails players receive, in pt-BR, each with its link into the app. `link` turns a path
 * into an absolute address on the public origin.
 */
export class MailTemplates {
  constructor(private readonly link: (path: string) => string) {}

  /** `grant`: the account-token grant whose token the link gets as the e-mail leaves. */
  passwordReset(to: Recipient, grant: number, validMinutes: number): Mail {
    const content = mail(to, 'Redefina a sua senha do Areia', {
      paragraphs: [
        'Recebemos um pedido para redefinir a senha da sua conta no Areia.',
        `O link abaixo vale por ${validMinutes} minutos e pode ser usado uma única vez. Ao definir a nova senha, você sai de todos os aparelhos conectados.`,
      ],
      action: {
        label: 'Definir nova senha',
        url: this.link(`/redefinir-senha?token=${LINK_TOKEN_PLACEHOLDER}`),
      },
      footnote: 'Se não foi você quem pediu, ignore este e-mail: a sua senha continua a mesma.',
    })
    return { ...content, linkGrant: grant }
  }

  emailConfirmation(to: Recipient, grant: number): Mail {
    const content = mail(to, 'Confirme o seu e-mail no Areia', {
      paragraphs: [
        'Falta pouco: confirme que este endereço é seu para receber os avisos da sua conta (vagas, pagamentos, análises e recuperação de senha).',
      ],
      action: {
        label: 'Confirmar e-mail',
        url: this.link(`/confirmar-email?token=${LINK_TOKEN_PLACEHOLDER}`),
      },
      footnote: 'Se você não criou uma conta no Areia, ignore este e-mail.',
    })
    return { ...content, linkGrant: grant }
  }

  waitlistSpot(to: Recipient, plan: string, cycle: string): Mail {
    return mail(to, `Abriu uma vaga no plano ${plan}!`, {
      paragraphs: [
        `Abriu uma vaga no plano ${plan} ${cycle}, e ela é sua.`,
        'Entre no Areia e conclua a sua assinatura pelo botão do plano.',
      ],
      action: { label: 'Concluir assinatura', url: this.link('/chat') },
    })
  }

  paymentReceipt(
    to: Recipient,
    p: { plan: string; amount: string; paidAt: string; method: string },
  ): Mail {
    return mail(to, `Pagamento confirmado: plano ${p.plan}`, {
      paragraphs: [
        `Recebemos o seu pagamento de ${p.amount} (${p.method}) em ${p.paidAt}.`,
        `O seu plano ${p.plan} está ativo. Bons treinos!`,
      ],
      action: { label: 'Ver meu plano', url: this.link('/meu-plano') },
    })
  }

  renewalReminder(
    to: Recipient,
    r: { plan: string; amount: string; dueDate: string; pixCode: string },
  ): Mail {
    return mail(to, `Renove o seu plano ${r.plan} com PIX`, {
      paragraphs: [
        `O seu plano ${r.plan} vence em ${r.dueDate}. Para continuar sem interrupção, pague ${r.amount} com o PIX copia e cola abaixo.`,
      ],
      code: { label: 'PIX copia e cola', value: r.pixCode },
      action: { label: 'Ver meu plano', url: this.link('/meu-plano') },
    })
  }

  refund(to: Recipient, r: { plan: string; amount: string }): Mail {
    return mail(to, `Reembolso do plano ${r.plan}`, {
      paragraphs: [
        `Devolvemos ${r.amount} referentes ao plano ${r.plan}.`,
        'No cartão, o valor aparece em até duas faturas; no PIX, volta para a conta de origem.',
      ],
      action: { label: 'Ver meu plano', url: this.link('/meu-plano') },
    })
  }

  reportReady(to: Recipient): Mail {
    return mail(to, 'A análise do seu jogo está pronta', {
      paragraphs: [
        'O seu treinador estatístico publicou a análise do seu jogo, com estatísticas e os melhores lances.',
      ],
      action: { label: 'Ver a análise', url: this.link('/videos') },
      footnote:
        'Você recebeu este e-mail porque as notificações do Areia não estão ativadas em nenhum aparelho seu.',
    })
  }

  /** The Monday summary; the player switched it on in Conta, where one tap switches it off. */
  weeklySummary(to: Recipient, s: { title: string; paragraphs: string[] }): Mail {
    return mail(to, s.title, {
      paragraphs: [...s.paragraphs, 'Bons treinos nesta semana!'],
      action: { label: 'Abrir o chat', url: this.link('/chat') },
      footnote: `Você recebe este resumo porque ativou o envio por e-mail. Para não receber mais, desligue "Resumo da semana por e-mail" em Conta: ${this.link('/conta')}`,
    })
  }

  accountDeleted(to: Recipient): Mail {
    return mail(to, 'Sua conta no Areia foi excluída', {
      paragraphs: [
        'Como você pediu, a sua conta foi excluída: perfil, conversas com os treinadores, vídeos e análises foram apagados.',
        'Guardamos apenas o que a lei exige (registros de pagamento e de acesso), pelo prazo legal, como explica a Política de Privacidade.',
      ],
      action: { label: 'Política de Privacidade', url: this.link('/privacy') },
      footnote: 'Se não foi você quem pediu a exclusão, responda a este e-mail.',
    })
  }
}
