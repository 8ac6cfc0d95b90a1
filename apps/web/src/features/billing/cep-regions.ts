/**
 * Which state (and, for the big cities, which city) a CEP belongs to, from the postal service's
 * published ranges, bundled so the form fills them in offline without asking any outside service.
 * Ranges are over the first five digits of the CEP; the first match wins, so city ranges come
 * before the wider state range that holds them.
 */

type Range = readonly [from: number, to: number, uf: string, city?: string]

const RANGES: readonly Range[] = [
  [1000, 5999, 'SP', 'São Paulo'],
  [8000, 8499, 'SP', 'São Paulo'],
  [1000, 19999, 'SP'],
  [20000, 23799, 'RJ', 'Rio de Janeiro'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 31999, 'MG', 'Belo Horizonte'],
  [30000, 39999, 'MG'],
  [40000, 42599, 'BA', 'Salvador'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 52999, 'PE', 'Recife'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 61599, 'CE', 'Fortaleza'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 66999, 'PA', 'Belém'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69099, 'AM', 'Manaus'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  // The Federal District is a single municipality.
  [70000, 72799, 'DF', 'Brasília'],
  [73000, 73699, 'DF', 'Brasília'],
  [72800, 72999, 'GO'],
  [74000, 74899, 'GO', 'Goiânia'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [79000, 79999, 'MS'],
  [80000, 82999, 'PR', 'Curitiba'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 91999, 'RS', 'Porto Alegre'],
  [90000, 99999, 'RS'],
]

/** Every UF, to check the one typed. */
export const UFS: readonly string[] = [...new Set(RANGES.map(([, , uf]) => uf))]

export type CepPlace = { uf: string; city: string | null }

/** The place of a CEP once its first five digits are typed; null before, or when none matches. */
export function lookupCep(cep: string): CepPlace | null {
  const digits = cep.replace(/\D/g, '')
  if (digits.length < 5) return null
  const prefix = Number(digits.slice(0, 5))
  const range = RANGES.find(([from, to]) => prefix >= from && prefix <= to)
  return range ? { uf: range[2], city: range[3] ?? null } : null
}
