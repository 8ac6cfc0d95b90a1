import { defineFuzzSuite } from './helpers/fuzz-suite'

// The route table is fuzzed in two halves, one server each, so the files run side by side.
// On the embedded database only (`.pglite.`): PGlite is PostgreSQL's own engine, and a bad
// request that reaches SQL fails there the same way, so a second run on the server's
// PostgreSQL would add minutes of CI and no finding.
await defineFuzzSuite(0, 2)
