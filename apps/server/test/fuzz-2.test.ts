import { defineFuzzSuite } from './helpers/fuzz-suite'

// The route table is fuzzed in two halves, one server each, so the files run side by side.
await defineFuzzSuite(1, 2)
