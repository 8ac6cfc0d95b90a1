import { useState } from 'react'
import { Banner } from '../../ui/banner'
import { useBannerTurn } from '../../ui/banner-queue'
import { Button } from '../../ui/button'
import { applyUpdate, useUpdateWaiting } from './service-worker'

/** A new version of the app is installed and waiting; it takes over only when the player says. */
export function UpdateBanner() {
  const waiting = useUpdateWaiting()
  const [applying, setApplying] = useState(false)
  const shown = useBannerTurn('update', waiting)
  if (!shown) return null
  return (
    <Banner
      compact
      action={
        <Button
          variant="primary"
          busy={applying}
          onClick={() => {
            setApplying(true)
            applyUpdate()
          }}
        >
          Atualizar
        </Button>
      }
    >
      <strong>Nova versão disponível</strong>
      <p>Atualize para usar a versão mais recente do Areia.</p>
    </Banner>
  )
}
