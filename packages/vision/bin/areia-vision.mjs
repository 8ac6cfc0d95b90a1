#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, as the server runs its sources (decision 004).
import { register } from 'tsx/esm/api'

register()
await import('../src/cli.ts')
