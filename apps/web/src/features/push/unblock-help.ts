/**
 * How to lift a notification block the player set earlier, in the words of the browser in hand.
 * A page cannot ask again once the browser said "bloquear": only the player can undo it there.
 */
export function unblockSteps(userAgent: string, standalone: boolean, ios: boolean): string {
  if (ios) {
    return 'No iPhone ou iPad: abra Ajustes › Notificações › Areia e ative Permitir Notificações.'
  }
  if (/Android/.test(userAgent) && standalone) {
    return 'Toque e segure o ícone do Areia › Informações do app › Notificações e ative.'
  }
  if (/SamsungBrowser/.test(userAgent)) {
    return 'No Samsung Internet: toque no cadeado ao lado do endereço › Permissões › Notificações › Permitir. Depois, recarregue a página.'
  }
  if (/Firefox|FxiOS/.test(userAgent)) {
    return 'No Firefox: toque no cadeado ao lado do endereço, libere Notificações e recarregue a página.'
  }
  if (/Safari/.test(userAgent) && !/Chrome|Chromium|Edg/.test(userAgent)) {
    return 'No Safari: Ajustes › Sites › Notificações, escolha Permitir para este site e recarregue a página.'
  }
  return 'Toque no ícone ao lado do endereço (cadeado ou controles) › Notificações › Permitir. Depois, recarregue a página.'
}
