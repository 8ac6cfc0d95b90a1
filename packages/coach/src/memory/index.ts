export { extractFacts, healedIn } from './extract'
export { isPast } from './dates'
export { partnerText } from './partner'
export {
  FACT_KINDS,
  type ExtractedFact,
  type FactFields,
  type FactKind,
  type RememberedFact,
} from './types'
export { fieldsFromText, mergeFact } from './edit'
export { rememberFacts, type MemoryChanges, type StoredFact } from './remember'
export { memoryLine, REMEMBERED_LINE } from './weave'
