/** Leading zero bits of a digest. */
function zeroBits(digest: Uint8Array): number {
  let bits = 0
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8
      continue
    }
    return bits + Math.clz32(byte) - 24
  }
  return bits
}

/**
 * The nonce for which SHA-256(`challenge:nonce`) starts with `difficulty` zero bits: what the
 * server asks of a login to an account with many failed attempts. Batches of digests run in
 * parallel, and the page stays responsive between batches.
 */
export async function solveChallenge(challenge: string, difficulty: number): Promise<string> {
  const encoder = new TextEncoder()
  const BATCH = 256
  for (let start = 0; ; start += BATCH) {
    const digests = await Promise.all(
      Array.from({ length: BATCH }, (_, i) =>
        crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${start + i}`)),
      ),
    )
    const found = digests.findIndex((d) => zeroBits(new Uint8Array(d)) >= difficulty)
    if (found >= 0) return String(start + found)
  }
}
