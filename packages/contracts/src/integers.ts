/**
 * The range of a PostgreSQL `integer`/`serial` column: every integer a client sends is held to
 * it (or tighter), so none can overflow a query; past it, no row can match an id anyway.
 */
export const INT4_MIN = -2_147_483_648
export const INT4_MAX = 2_147_483_647
