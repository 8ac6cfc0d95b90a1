import { z } from 'zod'

// Messages of zod's own checks (those without a message of ours) in Brazilian Portuguese. A module
// of its own so that the web app, which imports each domain's schemas by path, sets it too.
z.config(z.locales.ptBR())
