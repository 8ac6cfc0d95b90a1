import fs from 'node:fs'
import path from 'node:path'
import type { Database } from '../../src/adapters/db'

/** A place where something of a person was found: `schema.table` of the database, or a file. */
export interface Finding {
  where: string
  sample: string
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Every row of every table of the database (information_schema, every schema but the system's),
 * read whole as text, that contains one of `needles` (case-insensitive). Reading the row as text
 * covers every column, text, JSON and uuid alike, so a new table or column cannot hide data.
 */
export async function scanDatabase(database: Database, needles: string[]): Promise<Finding[]> {
  const { rows: tables } = await database.rawQuery(
    `SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE'
        AND table_schema NOT IN ('pg_catalog', 'information_schema')
        AND table_schema NOT LIKE 'pg\\_%'
      ORDER BY 1, 2`,
    [],
  )
  const patterns = needles.map((n) => `%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  const findings: Finding[] = []
  for (const t of tables as Array<{ table_schema: string; table_name: string }>) {
    const table = `${quote(t.table_schema)}.${quote(t.table_name)}`
    const { rows } = await database.rawQuery(
      `SELECT r::text AS row FROM ${table} r WHERE r::text ILIKE ANY($1::text[]) LIMIT 20`,
      [patterns],
    )
    for (const r of rows as Array<{ row: string }>) {
      findings.push({ where: `${t.table_schema}.${t.table_name}`, sample: r.row.slice(0, 300) })
    }
  }
  return findings
}

/** Every file under `dir` whose path or content contains one of `needles` (case-insensitive). */
export function scanFiles(dir: string, needles: string[]): Finding[] {
  const lower = needles.map((n) => n.toLowerCase())
  const findings: Finding[] = []
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name)
      if (entry.isDirectory()) {
        walk(full)
        continue
      }
      const relative = path.relative(dir, full)
      // latin1 maps every byte to one character, so binary files are searched byte for byte.
      const content = fs.readFileSync(full).toString('latin1').toLowerCase()
      const hit = lower.find((n) => relative.toLowerCase().includes(n) || content.includes(n))
      if (hit) findings.push({ where: relative, sample: hit })
    }
  }
  walk(dir)
  return findings
}
