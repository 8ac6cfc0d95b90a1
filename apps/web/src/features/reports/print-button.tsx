import { Button } from '../../ui/button'

/** The browser's print dialog; the print styles leave out the app's chrome. */
export function PrintButton() {
  return (
    <Button variant="ghost" onClick={() => window.print()}>
      Imprimir
    </Button>
  )
}
