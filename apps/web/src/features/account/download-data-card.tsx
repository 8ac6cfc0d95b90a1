import { useState } from 'react'
import { errorMessage } from '../../lib/api-error'
import { saveFile } from '../../lib/save-file'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import { useToast } from '../../ui/toast'
import { downloadMyData, myDataFileName } from './account-api'

export const DATA_DOWNLOADED_MESSAGE = 'Pronto! O arquivo com os seus dados foi baixado.'
const DOWNLOAD_ERROR_FALLBACK = 'Não foi possível baixar seus dados. Tente novamente.'

/** "Baixar meus dados": the player's copy of everything kept about them (LGPD art. 18). */
export function DownloadDataCard() {
  const { showToast } = useToast()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const onDownload = async () => {
    setPending(true)
    setError(null)
    try {
      saveFile(await downloadMyData(), myDataFileName(new Date()))
      showToast(DATA_DOWNLOADED_MESSAGE, 'success')
    } catch (err) {
      setError(errorMessage(err, DOWNLOAD_ERROR_FALLBACK))
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="card data-card" role="region" aria-labelledby="data-title">
      <h2 id="data-title" className="data-card__title">
        Seus dados
      </h2>
      <p className="data-card__text" id="data-description">
        Baixe uma cópia de tudo o que o Areia guarda sobre você — cadastro, conversas, vídeos e
        análises, pagamentos e notificações — em um arquivo JSON, como garante a LGPD.
      </p>
      <FormError message={error} />
      <Button
        variant="secondary"
        busy={pending}
        aria-describedby="data-description"
        onClick={() => void onDownload()}
      >
        Baixar meus dados
      </Button>
    </div>
  )
}
