import { defineFuzzSuite } from './helpers/fuzz-suite'

// The second half of the route table (see fuzz-1.pglite.test.ts for why on PGlite only).
await defineFuzzSuite(1, 2)
