import type { Mailer } from '../../adapters/mail'
import type { PushService } from '../push/service'
import type { UsersService } from '../users/service'

export interface Notice {
  title: string
  body: string
  /** Path in the app the notification opens (and the e-mail links to). */
  path: string
  /** Extra e-mail lines, e.g. the PIX code to copy. */
  mailLines?: string[]
}

/**
 * What billing tells a player. Push reaches the browsers they allowed; `mail: 'always'` also
 * e-mails (money asked or returned), otherwise e-mail is the fallback when no browser can be
 * reached.
 */
export class BillingNotices {
  constructor(
    private readonly push: PushService,
    private readonly mailer: Mailer,
    private readonly users: UsersService,
    private readonly appUrl: (path: string) => string,
  ) {}

  async send(userId: string, notice: Notice, mail: 'always' | 'fallback'): Promise<void> {
    const browsers = await this.push.notify(userId, {
      title: notice.title,
      body: notice.body,
      url: notice.path,
      tag: 'billing',
    })
    if (browsers > 0 && mail === 'fallback') return
    const user = await this.users.findById(userId)
    if (!user) return
    await this.mailer.send({
      to: user.email,
      subject: notice.title,
      text: [
        `Olá${user.name ? `, ${user.name}` : ''}!`,
        '',
        notice.body,
        ...(notice.mailLines ? ['', ...notice.mailLines] : []),
        '',
        `Acesse: ${this.appUrl(notice.path)}`,
        '',
        'Equipe Areia',
      ].join('\n'),
    })
  }
}

/** 1234.5 → "R$ 1.234,50" */
export const brl = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\s/, ' ')

/** A date as players read it (the pt-BR locale), in Brasília time. */
export const dataBr = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
