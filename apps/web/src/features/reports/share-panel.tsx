import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../lib/api-error'
import { formatLongDate } from '../../lib/format'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { createReportShare, fetchReportShare, reportKeys, revokeReportShare } from './report-api'

const SHARE_FAILED = 'Não foi possível criar o link. Tente novamente.'
const REVOKE_FAILED = 'Não foi possível desativar o link. Tente novamente.'

/**
 * "Compartilhar": a link anyone can open without an account, showing the match, the player's
 * first name, their own numbers and the clips of their points; the partner's only when the
 * player ticks it. The address is shown when it is made; the player can turn it off at any time.
 */
export function SharePanel({ videoId, hasPartner }: { videoId: number; hasPartner: boolean }) {
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const [withPartner, setWithPartner] = useState(false)
  const client = useQueryClient()
  const status = useQuery({
    queryKey: reportKeys.share(videoId),
    queryFn: ({ signal }) => fetchReportShare(videoId, signal),
    enabled: open,
  })
  const create = useMutation({
    mutationFn: () => createReportShare(videoId, hasPartner && withPartner),
    onSuccess: (share) => {
      setUrl(new URL(share.url, window.location.origin).href)
      setCopied(false)
      client.setQueryData(reportKeys.share(videoId), {
        created_at: share.created_at,
        include_partner: share.include_partner,
      })
    },
  })
  const revoke = useMutation({
    mutationFn: () => revokeReportShare(videoId),
    onSuccess: () => {
      setUrl(null)
      client.setQueryData(reportKeys.share(videoId), { created_at: null, include_partner: false })
    },
  })
  const since = status.data?.created_at ?? null
  const sharesPartner = status.data?.include_partner ?? false
  const error = create.isError ? SHARE_FAILED : revoke.isError ? REVOKE_FAILED : null

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Compartilhar
      </Button>
      <Modal
        open={open}
        title="Compartilhar a análise"
        onClose={() => setOpen(false)}
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Fechar
          </Button>
        }
      >
        <p>
          Quem tiver o link vê a análise deste jogo sem precisar de conta. Aparecem o seu primeiro
          nome, o placar, os seus números e os vídeos dos pontos que você terminou: nada de e-mail
          nem dos comentários do analista.
        </p>
        {url ? (
          <div className="share__link">
            <label className="field__label" htmlFor="share-url">
              Link da análise
            </label>
            <input
              id="share-url"
              className="field__input"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="share__actions">
              <Button onClick={() => void copy(url)}>
                {copied ? 'Link copiado' : 'Copiar link'}
              </Button>
              {'share' in navigator ? (
                <Button
                  variant="secondary"
                  onClick={() =>
                    void navigator.share({ title: 'Minha análise no Areia', url }).catch(() => {})
                  }
                >
                  Enviar
                </Button>
              ) : null}
            </div>
          </div>
        ) : since ? (
          <p className="share__status">
            Há um link ativo desde {formatLongDate(since)}
            {sharesPartner ? ', com os números do seu parceiro' : ''}. Para ver o endereço de novo,
            crie um novo link: o anterior deixa de funcionar.
          </p>
        ) : null}
        {!url && hasPartner ? (
          <label className="share__check">
            <input
              type="checkbox"
              checked={withPartner}
              onChange={(e) => setWithPartner(e.target.checked)}
            />
            Mostrar também os números e os pontos do meu parceiro
          </label>
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        {status.error instanceof ApiError && status.error.code !== 'not_found' ? (
          <p className="form-error" role="alert">
            Não foi possível ver se a análise já tem um link.
          </p>
        ) : null}
        <div className="share__actions">
          {!url ? (
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {since ? 'Criar novo link' : 'Criar link'}
            </Button>
          ) : null}
          {url || since ? (
            <Button variant="secondary" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              Desativar link
            </Button>
          ) : null}
        </div>
        {revoke.isSuccess && !url && !since ? (
          <p className="share__status" role="status">
            Link desativado: quem tentar abri-lo verá que a análise não está mais disponível.
          </p>
        ) : null}
      </Modal>
    </>
  )
}
